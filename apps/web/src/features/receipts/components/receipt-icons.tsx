import { Icon, type IconProps } from '@/components/ui/icons';

/** A page with a folded corner and "PDF" on it: stands in for a PDF's picture. */
export function PdfFileIcon({ className = 'size-10', ...props }: IconProps) {
  return (
    <Icon strokeWidth={1.5} className={className} {...props}>
      <path d="M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8z" />
      <path d="M14 2v6h6" />
      <text
        x="12"
        y="17.5"
        textAnchor="middle"
        fontSize="5.5"
        fontWeight="700"
        fill="currentColor"
        stroke="none"
      >
        PDF
      </text>
    </Icon>
  );
}

export function UploadCloudIcon({ className = 'size-10', ...props }: IconProps) {
  return (
    <Icon strokeWidth={1.5} className={className} {...props}>
      <path d="M16 16l-4-4-4 4M12 12v9" />
      <path d="M20.39 18.39A5 5 0 0 0 18 9h-1.26A8 8 0 1 0 3 16.3" />
    </Icon>
  );
}

/** A triangle with an exclamation mark: a field to check. */
export function WarningIcon({ className = 'size-4', ...props }: IconProps) {
  return (
    <Icon className={className} {...props}>
      <path d="M10.29 3.86 1.82 18a2 2 0 0 0 1.71 3h16.94a2 2 0 0 0 1.71-3L13.71 3.86a2 2 0 0 0-3.42 0z" />
      <path d="M12 9v4M12 17h.01" />
    </Icon>
  );
}

/** A camera: the Take photo button. */
export function CameraIcon({ className = 'size-5', ...props }: IconProps) {
  return (
    <Icon className={className} {...props}>
      <path d="M23 19a2 2 0 0 1-2 2H3a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h4l2-3h6l2 3h4a2 2 0 0 1 2 2z" />
      <circle cx="12" cy="13" r="4" />
    </Icon>
  );
}
