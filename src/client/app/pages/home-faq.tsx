import { FaqAccordion } from '#client/features/info/components/faq-accordion.tsx';
import { homeFaq } from '#client/i18n/fi/info.ts';

// Loaded after the home page: the FAQ is below the fold and its texts are large.
export default function HomeFaq() {
  return <FaqAccordion items={homeFaq} />;
}
