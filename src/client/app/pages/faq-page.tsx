import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { PageTabPanel, PageTabs } from '#client/components/page-tabs.tsx';
import { FaqAccordion } from '#client/features/info/components/faq-accordion.tsx';
import { type FaqItem, faqBuying, faqGeneral, faqSelling, faqText as t } from '#client/i18n/fi/info.ts';

type Topic = 'buying' | 'selling' | 'general';

const topics: readonly { value: Topic; label: string; heading: string; items: readonly FaqItem[] }[] = [
  { value: 'buying', label: t.tabs.buying, heading: t.panelHeadings.buying, items: faqBuying },
  { value: 'selling', label: t.tabs.selling, heading: t.panelHeadings.selling, items: faqSelling },
  { value: 'general', label: t.tabs.general, heading: t.panelHeadings.general, items: faqGeneral },
];

// The tab already names the topic on screen; the heading is for screen-reader navigation by headings.
const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  p: 0,
  m: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

export function FaqPage() {
  const [topic, setTopic] = useState<Topic>('buying');

  useEffect(() => {
    document.title = t.documentTitle;
  }, []);

  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 7 } }}>
      <Typography variant="h1" sx={{ fontSize: { xs: '2rem', md: '2.6rem' } }}>
        {t.title}
      </Typography>
      <Typography sx={{ mt: 2, mb: { xs: 3, md: 4 }, fontSize: '1.15rem', color: 'text.secondary' }}>
        {t.lead}
      </Typography>

      <PageTabs<Topic>
        idPrefix="faq"
        label={t.tabsLabel}
        value={topic}
        options={topics}
        onChange={setTopic}
      />
      {topics.map((item) => (
        <PageTabPanel key={item.value} idPrefix="faq" value={item.value} selected={topic}>
          <Typography variant="h2" sx={visuallyHidden}>
            {item.heading}
          </Typography>
          <FaqAccordion items={item.items} />
        </PageTabPanel>
      ))}

      <Paper
        component="section"
        elevation={0}
        sx={{
          mt: { xs: 5, md: 6 },
          p: { xs: 3, md: 4 },
          bgcolor: 'primary.light',
          textAlign: { sm: 'center' },
        }}
      >
        <Typography variant="h2" sx={{ fontSize: { xs: '1.4rem', md: '1.6rem' } }}>
          {t.contact.title}
        </Typography>
        <Typography sx={{ mt: 1, mb: 2.5 }}>{t.contact.text}</Typography>
        <Button component={RouterLink} to="/ota-yhteytta" variant="contained" color="secondary" size="large">
          {t.contact.button}
        </Button>
      </Paper>
    </Container>
  );
}
