import { Icon, type IconProps } from '../../../components/ui/icons.tsx';

/** A clipboard with a check: the review queue in the side navigation and on the dashboard. */
export function ReviewIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M9 4h6M9 4a1 1 0 0 0-1 1v1h8V5a1 1 0 0 0-1-1M8 5H6a1 1 0 0 0-1 1v14a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1V6a1 1 0 0 0-1-1h-2" />
      <path d="m9 13 2 2 4-4" />
    </Icon>
  );
}
