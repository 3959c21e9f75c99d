/** A button that downloads a file endpoint (error files, exports) with the auth headers and saves it. */
import { Button, type ButtonProps } from '@chakra-ui/react';
import { Download } from 'lucide-react';
import { useState } from 'react';
import type { Endpoint, ParamsOf, QueryOf } from '../../domain/contracts/endpoint';
import { errorMessage } from '../lib/api';
import { toaster } from '../lib/toaster';
import { saveDownload } from '../lib/save-download';

export interface DownloadButtonProps<E extends Endpoint> {
  /** The file endpoint (`produces: 'file'`), e.g. importErrorFile. */
  endpoint: E;
  params?: ParamsOf<E>;
  query?: QueryOf<E>;
  /** Saved under this name when the answer names no file. */
  fallbackName: string;
  label: string;
  /** The accessible name (e.g. naming the file). */
  ariaLabel: string;
  size?: ButtonProps['size'];
}

export function DownloadButton<E extends Endpoint>({ endpoint, params, query, fallbackName, label, ariaLabel, size = 'sm' }: DownloadButtonProps<E>) {
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      await saveDownload(endpoint, { params, query }, fallbackName);
    } catch (error) {
      toaster.create({ type: 'error', title: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size={size} variant="outline" loading={busy} onClick={() => void save()} aria-label={ariaLabel}>
      <Download aria-hidden /> {label}
    </Button>
  );
}
