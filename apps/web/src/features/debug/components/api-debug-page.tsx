import { useCallback, useEffect, useState } from 'react';
import { API_ROUTES, pathOf } from '@preciofab/shared/api-routes';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { ApiError } from '../../../lib/api-error.ts';
import type { ScreenProps } from '../../../lib/screen-props.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { fetchRaw, type RawResult } from '../api/fetch-raw.ts';
import './debug.css';

const PATH = pathOf(API_ROUTES.getDashboardStats);
const REQUEST_LINE = `GET ${PATH}`;

/** /debug: the dashboard stats fetched directly (no cache, no retries), with status, error and
 * data as the server sent them (spec §2, "API debug page"). */
export function ApiDebugPage(_props: ScreenProps) {
  const { t } = useTranslation();
  useDocumentTitle(t('debug.api.title'));
  const [result, setResult] = useState<RawResult | null>(null);
  const [loading, setLoading] = useState(true);
  const [crash, setCrash] = useState(false);
  // Lets anyone check the error screen and the error log for real.
  if (crash) throw new Error(t('debug.api.crash_message'));

  const load = useCallback(async (signal?: AbortSignal) => {
    setLoading(true);
    try {
      setResult(await fetchRaw(PATH, signal));
      setLoading(false);
    } catch (error) {
      if (!signal?.aborted) {
        setResult({
          status: error instanceof ApiError ? error.status : 0,
          ms: 0,
          body: null,
          error: String(error),
        });
        setLoading(false);
      }
    }
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  const state = loading ? 'loading' : result?.error ? 'error' : 'success';
  return (
    <div className="debug-page">
      <PageHeader
        title={t('debug.api.title')}
        subtitle={t('debug.api.subtitle')}
        actions={
          <div className="debug-actions">
            <Button onClick={() => void load()} loading={loading} data-testid="debug-refetch">
              {t('debug.api.refetch')}
            </Button>
            <Button variant="secondary" onClick={() => setCrash(true)} data-testid="debug-crash">
              {t('debug.api.crash')}
            </Button>
          </div>
        }
      />
      <Card title={t('debug.api.request')}>
        <dl className="debug-facts">
          <dt>{t('debug.api.request')}</dt>
          <dd>
            <code>{REQUEST_LINE}</code>
          </dd>
          <dt>{t('debug.api.status')}</dt>
          <dd data-testid="debug-status" data-state={state}>
            <Badge tone={state === 'success' ? 'good' : state === 'error' ? 'danger' : 'neutral'}>
              {t(`debug.api.status_${state}`)}
            </Badge>
          </dd>
          <dt>{t('debug.api.http_status')}</dt>
          <dd data-testid="debug-http-status">{result ? result.status : '—'}</dd>
          <dt>{t('debug.api.duration')}</dt>
          <dd>{result ? t('debug.api.duration_value', { ms: result.ms }) : '—'}</dd>
          <dt>{t('debug.api.error')}</dt>
          <dd data-testid="debug-error">{result?.error ?? t('debug.api.no_error')}</dd>
        </dl>
      </Card>
      <Card title={t('debug.api.data')}>
        <pre className="debug-json" data-testid="debug-data" tabIndex={0}>
          {result ? JSON.stringify(result.body, null, 2) : ''}
        </pre>
      </Card>
    </div>
  );
}
