import { useSyncExternalStore } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { CloseIcon } from '../../../components/ui/icons.tsx';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { markVisited, visitedStore } from '../../../lib/welcome-flag.ts';

/** Spec §2: shown on the first visit only; dismissing it sets the stored visited flag. */
export function WelcomeCard() {
  const { t } = useTranslation();
  const visited = useSyncExternalStore(visitedStore.subscribe, visitedStore.get);
  if (visited) return null;
  return (
    <Card
      className="welcome-card"
      data-testid="welcome-card"
      title={t('welcome.title')}
      actions={
        <Button variant="ghost" size="icon" onClick={markVisited} aria-label={t('welcome.dismiss')}>
          <CloseIcon size={18} />
        </Button>
      }
    >
      <p className="welcome-card__text">{t('welcome.text')}</p>
      <p className="welcome-card__features">{t('welcome.features')}</p>
      <Button variant="secondary" size="sm" onClick={markVisited} data-testid="welcome-dismiss">
        {t('welcome.got_it')}
      </Button>
    </Card>
  );
}
