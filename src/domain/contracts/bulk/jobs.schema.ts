/**
 * What every bulk job record ends with (imports, loan operations; spec 4): progress, the error
 * file's URL (the failed rows or loans with a reason, once there are any), the message of a
 * failure or termination, who asked, when, and whether spec 4 lets it be terminated now.
 */
import { z } from 'zod';

export const bulkJobFields = {
  /** 0–100. */
  progress: z.number(),
  error_file_url: z.string().nullable(),
  message: z.string().nullable(),
  author_id: z.string().nullable(),
  author_name: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  can_terminate: z.boolean(),
};

/** A bulk job's id in the path. */
export const jobParams = z.object({ id: z.string().min(1).max(64) });
