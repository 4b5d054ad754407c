/**
 * What a support message may carry (README, "Support"). The send dialog states the same limits (it
 * reads them from `supportLimits`); the api enforces them. Sizes are decimal (spec section 9: steps
 * of 1000), so "10 MB" is 10,000,000 bytes.
 */
export const SUPPORT_LIMITS = {
  maxFileBytes: 10_000_000,
  maxTotalBytes: 25_000_000,
  maxFiles: 5,
  maxSubjectLength: 200,
  maxBodyLength: 10_000,
  /** Longest search text taken. */
  maxSearchLength: 200,
} as const;

/**
 * The files taken, by extension: images, PDF, text and logs. The stored and served Content-Type is
 * this table's, never the browser's. SVG is left out on purpose (it can carry script).
 */
export const ALLOWED_TYPES: Readonly<Record<string, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
  txt: 'text/plain; charset=utf-8',
  log: 'text/plain; charset=utf-8',
};

/** The largest GraphQL request body the api reads: a message's files in all, its text and the multipart framing. */
export const SUPPORT_REQUEST_BYTES = SUPPORT_LIMITS.maxTotalBytes + 2_000_000;

export const ALLOWED_EXTENSIONS = Object.keys(ALLOWED_TYPES);

export const REQUIRED = 'Required';

export const SUPPORT_MESSAGES = {
  subjectTooLong: `The subject is too long: at most ${SUPPORT_LIMITS.maxSubjectLength} characters.`,
  bodyTooLong: `The message is too long: at most ${SUPPORT_LIMITS.maxBodyLength.toLocaleString('en')} characters.`,
  tooManyFiles: `At most ${SUPPORT_LIMITS.maxFiles} files per message.`,
  fileTooLarge: (name: string) => `"${name}" is larger than 10 MB, the limit per file.`,
  totalTooLarge: 'The attachments come to more than 25 MB, the limit in total.',
  fileType: (name: string) =>
    `"${name}" is not a file type support takes: images (PNG, JPEG, GIF, WebP), PDF, text and log files (.txt, .log).`,
  emptyFile: (name: string) => `"${name}" is empty.`,
  noAnswer: 'This conversation has no answer from support yet.',
  instanceNotInWorkspace: 'The instance is not one of this workspace.',
  invoiceNotInWorkspace: 'The invoice is not one of this workspace.',
} as const;

/** The file's extension, lower case, if it is one support takes. */
export function allowedExtension(name: string): string | undefined {
  const match = /\.([a-z0-9]+)$/i.exec(name);
  const extension = match?.[1]?.toLowerCase();
  return extension && extension in ALLOWED_TYPES ? extension : undefined;
}
