import { Icon } from '../../../components/ui/icons.tsx';

/** Icons only the dashboard uses, drawn with the shared icon frame. */
export function PlayIcon({ size = 16 }: { size?: number }) {
  return (
    <Icon size={size}>
      <path d="M7 5v14l11-7z" />
    </Icon>
  );
}

export function ReportIcon({ size = 16 }: { size?: number }) {
  return (
    <Icon size={size}>
      <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" />
      <path d="M14 3v5h5M9 13h6M9 17h4" />
    </Icon>
  );
}
