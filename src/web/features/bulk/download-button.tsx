/** A button that downloads an API file (error files, exports) with the auth headers and saves it. */
import { Button, type ButtonProps } from '@chakra-ui/react';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { toaster } from '../../lib/toaster';
import { downloadFile } from './api';

export interface DownloadButtonProps {
  /** Below /api, e.g. `bulk/imports/<id>/error-file`. */
  path: string;
  searchParams: Record<string, string | null>;
  /** Saved under this name when the answer names no file. */
  fallbackName: string;
  label: string;
  /** The accessible name (e.g. naming the file). */
  ariaLabel: string;
  size?: ButtonProps['size'];
}

export function DownloadButton({ path, searchParams, fallbackName, label, ariaLabel, size = 'sm' }: DownloadButtonProps) {
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      await downloadFile(path, searchParams, fallbackName);
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
