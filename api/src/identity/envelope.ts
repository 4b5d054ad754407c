/** The allauth headless response: `status` equals the HTTP status. */
export interface ApiError {
  code: string;
  message: string;
  param?: string;
}

export interface Envelope {
  status: number;
  data?: unknown;
  meta?: Record<string, unknown>;
  errors?: ApiError[];
}

/** A 302 instead of a JSON answer: the provider redirect and its callback, which browsers navigate to. */
export interface Redirect {
  redirect: string;
}

export const ok = (data?: unknown, meta?: Record<string, unknown>): Envelope => ({
  status: 200,
  ...(data === undefined ? {} : { data }),
  ...(meta === undefined ? {} : { meta }),
});

export const errorResponse = (errors: ApiError[]): Envelope => ({ status: 400, errors });

export const fieldError = (param: string, code: string, message: string): ApiError => ({
  param,
  code,
  message,
});

export const statusOnly = (status: number): Envelope => ({ status });
