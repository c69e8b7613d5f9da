import { Icon, type IconProps } from '../ui/icons.tsx';

export function DownloadIcon({ size = 16 }: IconProps) {
  return (
    <Icon size={size} strokeWidth={2}>
      <path d="M12 3v12" />
      <path d="m7 10 5 5 5-5" />
      <path d="M5 21h14" />
    </Icon>
  );
}

export function ChevronIcon({ size = 16, open }: IconProps & { open: boolean }) {
  return (
    <Icon
      size={size}
      strokeWidth={2}
      className={open ? 'export-chevron export-chevron--open' : 'export-chevron'}
    >
      <path d="m9 6 6 6-6 6" />
    </Icon>
  );
}
