import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button, LinkButton } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { useFormat } from '../../../i18n/use-format.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import type { ScreenProps } from '../../../lib/screen-props.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { markVisited, resetVisited, VISITED_STORAGE_KEY, visitedStore } from '../../../lib/welcome-flag.ts';
import './debug.css';

type LoggedEvent = { id: number; at: Date; text: string };

/** /welcome-debug: the welcome card's visited flag, with reset and an event log (spec §2). */
export function WelcomeDebugPage(_props: ScreenProps) {
  const { t } = useTranslation();
  const format = useFormat();
  useDocumentTitle(t('debug.welcome.title'));
  const visited = useSyncExternalStore(visitedStore.subscribe, visitedStore.get);
  const [events, setEvents] = useState<LoggedEvent[]>([]);
  const counter = useRef(0);

  const log = (text: string) =>
    setEvents((list) => [{ id: ++counter.current, at: new Date(), text }, ...list]);
  const flagText = (value: boolean) => (value ? t('common.yes') : t('common.no'));

  useEffect(() => {
    log(t('debug.welcome.event_loaded', { value: flagText(visitedStore.get()) }));
    return visitedStore.subscribe(() =>
      log(t('debug.welcome.event_changed', { value: flagText(visitedStore.get()) })),
    );
    // Logged once per visit, in the language of that moment.
  }, []);

  return (
    <div className="debug-page">
      <PageHeader title={t('debug.welcome.title')} subtitle={t('debug.welcome.subtitle')} />
      <Card title={t('debug.welcome.flag', { key: VISITED_STORAGE_KEY })}>
        <p data-testid="visited-state" data-visited={visited}>
          <Badge tone={visited ? 'neutral' : 'good'}>
            {visited ? t('debug.welcome.visited') : t('debug.welcome.not_visited')}
          </Badge>
        </p>
        <div className="debug-actions">
          <Button
            onClick={() => {
              resetVisited();
              log(t('debug.welcome.event_reset'));
            }}
            data-testid="visited-reset"
          >
            {t('debug.welcome.reset')}
          </Button>
          <Button
            variant="secondary"
            onClick={() => {
              markVisited();
              log(t('debug.welcome.event_marked'));
            }}
            data-testid="visited-mark"
          >
            {t('debug.welcome.mark')}
          </Button>
          <LinkButton variant="ghost" to="/">
            {t('debug.welcome.go_dashboard')}
          </LinkButton>
        </div>
      </Card>
      <Card title={t('debug.welcome.log')}>
        {events.length === 0 ? (
          <p className="debug-note">{t('debug.welcome.log_empty')}</p>
        ) : (
          <ol className="debug-log" data-testid="welcome-log">
            {events.map((event) => (
              <li key={event.id}>
                <time dateTime={event.at.toISOString()}>{format.time(event.at)}</time> {event.text}
              </li>
            ))}
          </ol>
        )}
      </Card>
    </div>
  );
}
