import { Icon, type IconProps } from './icons';

/** Action icons are the line icons at the size of a button's label. */
function ActionIcon({ className = 'size-4', ...props }: IconProps) {
  return <Icon className={className} {...props} />;
}

export function PlusIcon(props: IconProps) {
  return (
    <ActionIcon {...props}>
      <path d="M12 5v14M5 12h14" />
    </ActionIcon>
  );
}

export function PencilIcon(props: IconProps) {
  return (
    <ActionIcon {...props}>
      <path d="M12 20h9" />
      <path d="M16.5 3.5a2.12 2.12 0 0 1 3 3L7 19l-4 1 1-4z" />
    </ActionIcon>
  );
}

export function TrashIcon(props: IconProps) {
  return (
    <ActionIcon {...props}>
      <path d="M3 6h18M8 6V4h8v2M19 6l-1 14H6L5 6M10 11v6M14 11v6" />
    </ActionIcon>
  );
}

export function DownloadIcon(props: IconProps) {
  return (
    <ActionIcon {...props}>
      <path d="M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4M7 10l5 5 5-5M12 15V3" />
    </ActionIcon>
  );
}

export function SearchIcon(props: IconProps) {
  return (
    <ActionIcon {...props}>
      <circle cx="11" cy="11" r="7" />
      <path d="m21 21-4.3-4.3" />
    </ActionIcon>
  );
}

export function XSmallIcon(props: IconProps) {
  return (
    <ActionIcon {...props}>
      <path d="M18 6 6 18M6 6l12 12" />
    </ActionIcon>
  );
}

export function ChevronLeftIcon(props: IconProps) {
  return (
    <ActionIcon {...props}>
      <path d="m15 18-6-6 6-6" />
    </ActionIcon>
  );
}

export function ChevronRightIcon(props: IconProps) {
  return (
    <ActionIcon {...props}>
      <path d="m9 18 6-6-6-6" />
    </ActionIcon>
  );
}

export function MoreIcon(props: IconProps) {
  return (
    <ActionIcon {...props}>
      <circle cx="5" cy="12" r="1" />
      <circle cx="12" cy="12" r="1" />
      <circle cx="19" cy="12" r="1" />
    </ActionIcon>
  );
}
