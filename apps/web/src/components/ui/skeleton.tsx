import './skeleton.css';

/** A shimmering placeholder while data loads. */
export function Skeleton({
  width = '100%',
  height = 16,
}: {
  width?: number | string;
  height?: number | string;
}) {
  return <span className="skeleton" style={{ width, height }} aria-hidden="true" />;
}
