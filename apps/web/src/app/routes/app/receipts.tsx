import { UploadReceiptPage } from '@/features/receipts/components/UploadReceiptPage';

export function ReceiptsRoute() {
  return <UploadReceiptPage />;
}
