import { TagsPage } from '@/features/tags/components/TagsPage';

export function TagsRoute() {
  return <TagsPage />;
}
