/** What the api takes (`supportLimits`); the dialog checks files against it before sending. */
export interface Limits {
  maxFileBytes: number;
  maxTotalBytes: number;
  maxFiles: number;
  maxSubjectLength: number;
  maxBodyLength: number;
  allowedExtensions: readonly string[];
}

/** The api's limits, for the moment before `supportLimits` has answered. */
export const DEFAULT_LIMITS: Limits = {
  maxFileBytes: 10_000_000,
  maxTotalBytes: 25_000_000,
  maxFiles: 5,
  maxSubjectLength: 200,
  maxBodyLength: 10_000,
  allowedExtensions: ['png', 'jpg', 'jpeg', 'gif', 'webp', 'pdf', 'txt', 'log'],
};

export type FileProblem =
  | { kind: 'tooMany'; count: number }
  | { kind: 'fileType' | 'emptyFile' | 'fileTooLarge'; name: string }
  | { kind: 'totalTooLarge' };

/** The first reason these files cannot be sent, or null. */
export function fileProblem(files: readonly File[], limits: Limits): FileProblem | null {
  if (files.length > limits.maxFiles) return { kind: 'tooMany', count: limits.maxFiles };
  let total = 0;
  for (const file of files) {
    const extension = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase();
    if (!extension || !limits.allowedExtensions.includes(extension))
      return { kind: 'fileType', name: file.name };
    if (file.size > limits.maxFileBytes) return { kind: 'fileTooLarge', name: file.name };
    if (file.size === 0) return { kind: 'emptyFile', name: file.name };
    total += file.size;
  }
  if (total > limits.maxTotalBytes) return { kind: 'totalTooLarge' };
  return null;
}
