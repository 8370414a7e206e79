import { ArtworkNotFound } from '@/components/site/artwork/artwork-not-found';

export default function NotFound() {
  return <ArtworkNotFound />;
}
