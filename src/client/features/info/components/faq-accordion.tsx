import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import type { FaqItem } from '#client/i18n/fi/info.ts';
import { RichTextView } from './rich-text.tsx';

interface Props {
  items: readonly FaqItem[];
  /** Heading level of the questions, so they fit the page outline (h3 under a section's h2 by default). */
  headingLevel?: 'h2' | 'h3' | 'h4';
}

/** FAQ list where opening one question closes the one open before (spec 01 §2). */
export function FaqAccordion({ items, headingLevel = 'h3' }: Props) {
  const [expanded, setExpanded] = useState<number | false>(false);
  const baseId = useId();

  return (
    <Box
      sx={{
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        overflow: 'hidden',
        bgcolor: 'background.paper',
      }}
    >
      {items.map((item, index) => {
        const summaryId = `${baseId}-question-${index}`;
        const open = expanded === index;
        return (
          <Accordion
            key={item.question}
            expanded={open}
            onChange={(_event, isOpen) => setExpanded(isOpen ? index : false)}
            disableGutters
            square
            elevation={0}
            slotProps={{ heading: { component: headingLevel }, transition: { unmountOnExit: true } }}
          >
            <AccordionSummary
              id={summaryId}
              aria-controls={`${summaryId}-answer`}
              expandIcon={<ExpandMoreIcon />}
              sx={{
                px: { xs: 2, sm: 3 },
                py: 0.5,
                '&.Mui-expanded': { bgcolor: 'rgba(207, 151, 92, 0.1)' },
              }}
            >
              <Typography component="span" sx={{ fontWeight: 650, fontSize: '1.05rem' }}>
                {item.question}
              </Typography>
            </AccordionSummary>
            <AccordionDetails sx={{ px: { xs: 2, sm: 3 }, pt: 1.5, pb: 2.5 }}>
              <Typography>
                <RichTextView text={item.answer} />
              </Typography>
            </AccordionDetails>
          </Accordion>
        );
      })}
    </Box>
  );
}
