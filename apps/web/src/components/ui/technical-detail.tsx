import './technical-detail.css';

type Props = {
  /** What the summary says ("Technical detail"), in the reader's language. */
  label: string;
  /** The technical text (a process's words, in English), shown as written. */
  detail: string;
  testId?: string;
};

/** The technical text behind a failure's reason, for whoever needs it, folded away beneath it. */
export function TechnicalDetail({ label, detail, testId }: Props) {
  return (
    <details className="technical-detail" data-testid={testId}>
      <summary>{label}</summary>
      <code>{detail}</code>
    </details>
  );
}
