import { useTranslation } from '../../../i18n/use-translation.ts';
import { runFoundKey } from '../utils/run-outcome.ts';

/** On a source's card: what the run started from this page found once it ended, none included. */
export function RunFound({ count }: { count: number }) {
  const { t, locale } = useTranslation();
  return (
    <p className="discovery-card__status" role="status" data-testid="source-run-found">
      {t(runFoundKey('card', count, locale), { count })}
    </p>
  );
}
