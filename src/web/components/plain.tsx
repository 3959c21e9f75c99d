/**
 * Plain building blocks of the chrome and the field executive's day list (issue 4: no Chakra UI
 * or emotion before the field route is usable). Styled by components/plain.css and app/shell.css, which the app
 * shell imports. Screens that load Chakra anyway may use them too (query-state.tsx re-exports the
 * states).
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A spinning ring; decorative (the surrounding status says what is loading). */
export function Spinner({ size }: { size?: 'lg' }) {
  return <span className="ro-spinner" data-size={size} aria-hidden />;
}

/** "Loading…" (or `label`) with a spinner, announced politely. */
export function LoadingState({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div className="ro-state" role="status" aria-live="polite">
      <Spinner />
      <span>{label ?? t('common.loading')}</span>
    </div>
  );
}

/** A dashed box saying there is nothing to show. */
export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <div className="ro-state" data-variant="empty">
      <div>{children}</div>
    </div>
  );
}

/**
 * A warning or error box with an optional action (a retry button, say).
 * `role` defaults to alert for errors and status for warnings.
 */
export function InlineAlert({ status, title, children, action, testId }: { status: 'error' | 'warning'; title?: ReactNode; children?: ReactNode; action?: ReactNode; testId?: string }) {
  return (
    <div className="ro-alert" data-status={status} role={status === 'error' ? 'alert' : 'status'} data-testid={testId}>
      <div>
        {title && <p className="ro-alert-title">{title}</p>}
        {children && <p>{children}</p>}
      </div>
      {action}
    </div>
  );
}

export { SelectBox } from './select-box';
