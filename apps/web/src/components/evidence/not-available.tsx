import { EmptyState } from '../ui/empty-state.tsx';

function NoImageIcon() {
  return (
    <svg
      width={24}
      height={24}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      aria-hidden="true"
    >
      <rect x="3" y="3" width="18" height="18" rx="2" />
      <circle cx="9" cy="9" r="2" />
      <path d="m21 15-3.1-3.1a2 2 0 0 0-2.8 0L6 21" />
      <path d="M3 3l18 18" />
    </svg>
  );
}

/** The not-available state of a screenshot or snapshot, with why when it is known. */
export function NotAvailable({ title, text }: { title: string; text?: string }) {
  return (
    <div className="evidence-missing" data-testid="evidence-not-available">
      <EmptyState icon={<NoImageIcon />} title={title} {...(text ? { text } : {})} />
    </div>
  );
}
