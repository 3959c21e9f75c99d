/**
 * The steps every export test takes after starting an export (spec 7 recovery `/exports`,
 * `/exports/payments`, `/export/download`): list a company's exports, poll the list until one
 * finishes (completed or failed, 45 s at most), and download its file by operation type.
 */
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

type Headers = Record<string, string>;

/**
 * The list / finished / download steps over `listPath` (e.g. '/api/recovery/exports/payments'),
 * downloading as `operationType` unless told otherwise. `app` is read at each call (the test app is
 * built in beforeAll).
 */
export function exportSteps<R extends { export_id: string; status: string }>(app: () => FastifyInstance, listPath: string, operationType: string) {
  /** One page of the caller's company's exports; fails the test on anything but 200. */
  async function list(h: Headers, query = ''): Promise<{ exports: R[]; total: number }> {
    const res = await app().inject({ url: `${listPath}${query}`, headers: h });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  }

  /** Polls the list (searched by id) until the export is completed or failed. */
  async function finished(h: Headers, exportId: string): Promise<R> {
    const deadline = Date.now() + 45_000;
    for (;;) {
      const [record] = (await list(h, `?search=${exportId}`)).exports;
      if (record && (record.status === 'completed' || record.status === 'failed')) return record;
      if (Date.now() > deadline) throw new Error(`export ${exportId} still ${record?.status}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }

  /** GET /recovery/export/download of one export (the raw answer: status, headers, body). */
  const download = (h: Headers, exportId: string, type = operationType) => app().inject({ url: `/api/recovery/export/download?export_id=${exportId}&operation_type=${type}`, headers: h });

  return { list, finished, download };
}
