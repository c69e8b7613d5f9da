import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { describeApiError } from '../../lib/describe-api-error.ts';
import { Alert } from '../ui/alert.tsx';
import { Modal } from '../ui/modal.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { useObservation } from './api/get-observation.ts';
import { shortId } from './evidence-fields.ts';
import { EvidencePrice } from './evidence-price.tsx';
import { Tabs } from './evidence-tabs.tsx';
import { ExtractionTab } from './extraction-tab.tsx';
import { RawDataTab } from './raw-data-tab.tsx';
import { ScreenshotTab } from './screenshot-tab.tsx';
import { VendorTab } from './vendor-tab.tsx';
import './evidence.css';

const TABS = ['screenshot', 'raw', 'extraction', 'vendor'] as const;
type TabKey = (typeof TABS)[number];

type Props = { observationId: string; onClose: () => void };

/** The evidence of one observation (spec §2). Render it only while open. A point of the vendor's
 * price history opens that observation in place. */
export function EvidenceModal({ observationId, onClose }: Props) {
  const { t } = useTranslation();
  const [id, setId] = useState(observationId);
  const [tab, setTab] = useState<TabKey>('screenshot');
  const observation = useObservation(id);
  const open = (next: string) => {
    setId(next);
    setTab('screenshot');
  };

  return (
    <Modal
      title={t('evidence.title', { id: shortId(id) })}
      closeLabel={t('evidence.close')}
      onClose={onClose}
      size="lg"
    >
      <div className="modal__body evidence-modal" data-testid="evidence-modal">
        {observation.isError ? (
          <Alert>
            {t('evidence.load_error')} {describeApiError(observation.error, t)}
          </Alert>
        ) : !observation.data ? (
          <p className="evidence-loading">
            <Spinner />
            {t('evidence.loading')}
          </p>
        ) : (
          <>
            <p className="evidence-modal__summary">
              {observation.data.vendor_name} · {observation.data.offer_name}
            </p>
            <EvidencePrice observation={observation.data} />
            <Tabs
              tabs={TABS.map((key) => ({ key, label: t(`evidence.tabs.${key}`) }))}
              active={tab}
              onChange={setTab}
              label={t('evidence.tabs_label')}
            >
              {tab === 'screenshot' && <ScreenshotTab key={id} observation={observation.data} />}
              {tab === 'raw' && <RawDataTab observation={observation.data} />}
              {tab === 'extraction' && <ExtractionTab observation={observation.data} />}
              {tab === 'vendor' && <VendorTab observation={observation.data} onOpen={open} />}
            </Tabs>
          </>
        )}
      </div>
    </Modal>
  );
}
