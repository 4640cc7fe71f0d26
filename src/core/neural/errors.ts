// Errors the neural engines raise with a message meant for the user (shown as-is in the CLI and notifications).

/** A model folder is missing a file, has a file of the wrong kind, or does not match its config. */
export class ModelFolderError extends Error {
  constructor(
    message: string,
    /** Path (relative to the model folder) of the file that is missing or wrong, when one is to blame. */
    readonly file?: string,
  ) {
    super(message);
    this.name = 'ModelFolderError';
  }
}

/** The requested execution device (CUDA) cannot be used. */
export class DeviceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DeviceError';
  }
}

/** A model download failed (HTTP error, disk error) — not a cancellation. */
export class DownloadError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'DownloadError';
  }
}

/** An OpenAI-compatible server refused, timed out, or sent a reply we cannot use. */
export class ServerError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ServerError';
  }
}
