import { AppError } from '../../http/app-error';
import type { UploadUsage } from './uploads.repository';

const megabyte = 1024 * 1024;

/**
 * How much one member may store: in any 24 hours, and in all (uploads nothing refers to are purged after
 * `orphanGraceMs`, which frees their share). Generous for deposit slips, disputes and feedback images, small
 * enough that no account can fill the disk.
 */
export type UploadBounds = {
  perDay: { files: number; bytes: number };
  total: { files: number; bytes: number };
};

export const defaultUploadBounds: UploadBounds = {
  perDay: { files: 30, bytes: 50 * megabyte },
  total: { files: 1_000, bytes: 500 * megabyte },
};

/** Refuses an upload of `byteSize` that would take the member past a bound. */
export const assertWithinBounds = (bounds: UploadBounds, usage: UploadUsage, byteSize: number): void => {
  if (usage.filesSince + 1 > bounds.perDay.files || usage.bytesSince + byteSize > bounds.perDay.bytes) {
    throw new AppError('UPLOAD_LIMIT_REACHED', {
      message: 'You have uploaded as much as a day allows; please try again tomorrow.',
      details: { limit: 'daily' },
    });
  }
  if (usage.files + 1 > bounds.total.files || usage.bytes + byteSize > bounds.total.bytes) {
    throw new AppError('UPLOAD_LIMIT_REACHED', {
      message: 'Your uploads have reached their total limit; please contact customer service.',
      details: { limit: 'total' },
    });
  }
};
