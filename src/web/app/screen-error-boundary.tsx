/**
 * Catches a screen that failed to render or whose chunk failed to load. A stale chunk (a new
 * deployment removed it) triggers one forced reload (spec 8); offline, it says so instead. Plain
 * (no Chakra): it sits in the shell, around screens that may not have loaded Chakra.
 */
import { Component, type ReactNode } from 'react';
import { Translation } from 'react-i18next';
import { InlineAlert } from '../components/plain';

const RELOAD_FLAG = 'chunk_reload_attempted';

function isChunkError(error: unknown): boolean {
  return error instanceof Error && /dynamically imported module|Importing a module script failed|Failed to fetch/i.test(error.message);
}

interface State {
  error: unknown;
}

export class ScreenErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  componentDidCatch(error: unknown): void {
    if (isChunkError(error) && navigator.onLine && !sessionStorage.getItem(RELOAD_FLAG)) {
      sessionStorage.setItem(RELOAD_FLAG, '1');
      window.location.reload();
    }
  }

  render() {
    if (!this.state.error) return this.props.children;
    const offline = !navigator.onLine;
    return (
      <Translation>
        {(t) => (
          <InlineAlert
            status={offline ? 'warning' : 'error'}
            title={offline ? t('shell.screen_offline') : t('errors.generic')}
            action={
              <button type="button" className="ro-btn" data-variant="outline" data-size="xs" onClick={() => window.location.reload()}>
                {t('common.retry')}
              </button>
            }
          />
        )}
      </Translation>
    );
  }
}
