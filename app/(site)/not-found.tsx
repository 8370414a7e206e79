import { NotFoundMessage } from '@/components/site/not-found-message';

/** 404 raised by a public page (notFound()): shown inside the header and footer. */
export default function SiteNotFound() {
  return <NotFoundMessage />;
}
