import { useParams } from 'react-router';
import { JoinHousehold } from '@/features/households/components/JoinHousehold';

export function JoinRoute() {
  const { code = '' } = useParams();
  return <JoinHousehold code={code} />;
}
