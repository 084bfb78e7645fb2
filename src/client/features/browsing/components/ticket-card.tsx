import GlobalStyles from '@mui/material/GlobalStyles';
import type { Theme } from '@mui/material/styles';
import type { SyntheticEvent } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { browsingText as t } from '#client/i18n/fi/browsing.ts';
import { eventImagePlaceholder } from '#shared/browsing/event-image.ts';
import type { TicketCard as TicketCardData } from '#shared/browsing/public-list.schema.ts';
import { finnishDate } from '#shared/dates.ts';
import { formatEuros } from '#shared/money.ts';
import { hasDiscountBadge } from '#shared/pricing.ts';

/**
 * Cards of listings in a grid of up to `maxColumns` columns: 1 on phones, 2 from sm, 3 from md,
 * 4 from lg (spec 01 §2). The cards are plain elements with classes whose styles are written
 * once for the page (TicketCardStyles), not MUI components styled per card: a page of cards then
 * renders and commits in a fraction of the time, which on a phone was the longest task after the
 * list arrived.
 */
export function TicketCards({
  tickets,
  maxColumns,
  dimmed = false,
}: {
  tickets: TicketCardData[];
  maxColumns: 3 | 4;
  /** While the next page loads, the cards shown stay in place, faded. */
  dimmed?: boolean;
}) {
  const classes = [
    'ticket-cards',
    maxColumns === 4 && 'ticket-cards--four',
    dimmed && 'ticket-cards--dimmed',
  ];
  return (
    <div className={classes.filter(Boolean).join(' ')}>
      {tickets.map((ticket) => (
        <TicketCard key={ticket.id} ticket={ticket} />
      ))}
    </div>
  );
}

function TicketCard({ ticket }: { ticket: TicketCardData }) {
  const location = useLocation();
  const discounted = hasDiscountBadge(
    ticket.listingPriceCents,
    ticket.originalPriceCents,
    ticket.additionalFeesCents,
  );
  return (
    <RouterLink
      className="ticket-card"
      to={`/liput/${ticket.id}`}
      state={{ returnUrl: `${location.pathname}${location.search}`, query: location.search }}
    >
      <div className="ticket-card__picture">
        <img
          src={ticket.eventImage ?? eventImagePlaceholder}
          alt=""
          loading="lazy"
          onError={showPlaceholderOnError}
        />
        {ticket.ticketCount > 1 && (
          <span className="ticket-card__badge ticket-card__badge--count">
            {t.countBadge(ticket.ticketCount)}
          </span>
        )}
        {discounted && <span className="ticket-card__badge ticket-card__badge--discount">{t.discount}</span>}
      </div>
      <div className="ticket-card__body">
        <h3 className="ticket-card__title">{ticket.eventName}</h3>
        {ticket.eventVenue !== 'Unknown' && (
          <p className="ticket-card__detail">
            {ticket.eventVenue}, {ticket.location}
          </p>
        )}
        <p className="ticket-card__detail">{finnishDate(new Date(ticket.eventDate))}</p>
        <p className="ticket-card__price">{formatEuros(ticket.listingPriceCents)}</p>
      </div>
    </RouterLink>
  );
}

/** An event's picture that fails to load gives way to the placeholder (spec 01 §2). */
export function showPlaceholderOnError(event: SyntheticEvent<HTMLImageElement>): void {
  const img = event.currentTarget;
  if (!img.src.endsWith(eventImagePlaceholder)) img.src = eventImagePlaceholder;
}

/**
 * The styles of TicketCards, once per page. Rendered where cards appear, also while they load,
 * so the server's page carries them and the browser has nothing to compile when the cards come.
 */
export function TicketCardStyles() {
  return <GlobalStyles styles={cardStyles} />;
}

const cardStyles = (theme: Theme) => ({
  '.ticket-cards': {
    display: 'grid',
    gap: theme.spacing(2),
    gridTemplateColumns: 'minmax(0, 1fr)',
    transition: 'opacity 0.2s',
    [theme.breakpoints.up('sm')]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
    [theme.breakpoints.up('md')]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
  },
  '.ticket-cards--dimmed': { opacity: 0.6 },
  [theme.breakpoints.up('lg')]: {
    '.ticket-cards--four': { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' },
  },
  '.ticket-card': {
    display: 'flex',
    flexDirection: 'column',
    height: '100%',
    overflow: 'hidden',
    border: `1px solid ${theme.palette.divider}`,
    borderRadius: theme.shape.borderRadius,
    backgroundColor: theme.palette.background.paper,
    color: theme.palette.text.primary,
    textDecoration: 'none',
    transition: theme.transitions.create('background-color', {
      duration: theme.transitions.duration.shortest,
    }),
    '&:hover, &:active': { backgroundColor: theme.palette.action.hover },
    '&:focus-visible': { outline: `3px solid ${theme.palette.primary.dark}`, outlineOffset: 2 },
  },
  '.ticket-card__picture': {
    position: 'relative',
    aspectRatio: '16 / 9',
    backgroundColor: theme.palette.primary.light,
    '& img': { display: 'block', width: '100%', height: '100%', objectFit: 'cover' },
  },
  '.ticket-card__badge': {
    position: 'absolute',
    top: 8,
    display: 'inline-flex',
    alignItems: 'center',
    height: 24,
    padding: '0 8px',
    borderRadius: 12,
    fontSize: '0.8125rem',
    fontWeight: 700,
  },
  '.ticket-card__badge--count': {
    left: 8,
    backgroundColor: theme.palette.background.paper,
    color: theme.palette.text.primary,
  },
  '.ticket-card__badge--discount': {
    right: 8,
    backgroundColor: theme.palette.success.main,
    color: theme.palette.success.contrastText,
  },
  '.ticket-card__body': {
    flexGrow: 1,
    display: 'flex',
    flexDirection: 'column',
    gap: theme.spacing(0.5),
    padding: theme.spacing(2, 2, 3),
  },
  '.ticket-card__title': { ...theme.typography.h4, margin: 0, fontSize: '1.05rem' },
  '.ticket-card__detail': { ...theme.typography.body2, margin: 0, color: theme.palette.text.secondary },
  '.ticket-card__price': {
    ...theme.typography.body1,
    margin: 0,
    marginTop: 'auto',
    paddingTop: theme.spacing(1),
    fontWeight: 800,
    fontSize: '1.15rem',
  },
});
