import { Icon, type IconProps } from '../../../components/ui/icons.tsx';

export function PencilIcon({ size = 16 }: IconProps) {
  return (
    <Icon size={size} strokeWidth={2}>
      <path d="M4 20h4L19 9l-4-4L4 16v4z" />
      <path d="m13.5 6.5 4 4" />
    </Icon>
  );
}

export function TrashIcon({ size = 16 }: IconProps) {
  return (
    <Icon size={size} strokeWidth={2}>
      <path d="M4 7h16" />
      <path d="M10 11v6M14 11v6" />
      <path d="M6 7l1 13h10l1-13" />
      <path d="M9 7V4h6v3" />
    </Icon>
  );
}

export function UploadIcon({ size = 16 }: IconProps) {
  return (
    <Icon size={size} strokeWidth={2}>
      <path d="M12 21V9" />
      <path d="m7 14 5-5 5 5" />
      <path d="M5 3h14" />
    </Icon>
  );
}

export function CrawlIcon({ size = 16 }: IconProps) {
  return (
    <Icon size={size} strokeWidth={2}>
      <path d="M21 12a9 9 0 1 1-3-6.7" />
      <path d="M21 4v5h-5" />
    </Icon>
  );
}
