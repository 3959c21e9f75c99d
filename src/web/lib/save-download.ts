/**
 * Saving a file the API answers (exports, error files, letters, notices): downloads need the auth
 * headers, so no plain href — the file is fetched with them (endpoint.ts `download`) and saved
 * through a temporary link. Desk pages only: kept out of endpoint.ts so the field route does not
 * carry it.
 */
import type { Endpoint, ParamsOf, QueryOf } from '../../domain/contracts/endpoint';
import { download } from './endpoint';

/** Saves a Blob under `fileName` through a temporary link (its object URL revoked after 10 s). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Downloads a file endpoint with the auth headers and saves it; `fallbackName` when the server names none. @throws ApiError as `download` */
export async function saveDownload<E extends Endpoint>(e: E, input: { params?: ParamsOf<E>; query?: QueryOf<E> }, fallbackName: string): Promise<void> {
  const { blob, fileName } = await download(e, input);
  saveBlob(blob, fileName ?? fallbackName);
}
