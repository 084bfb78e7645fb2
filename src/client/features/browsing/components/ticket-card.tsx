import GlobalStyles from '@mui/material/GlobalStyles';
import type { Theme } from '@mui/material/styles';
import { Link as RouterLink, useLocation } from 'react-router';
import { showPlaceholderOnError } from '#client/components/event-image-fallback.ts';
import { browsingText as t } from '#client/i18n/fi/browsing.ts';
import { pricesText } from '#client/i18n/fi/prices.ts';
import { eventImagePlaceholder } from '#shared/browsing/event-image.ts';
import type { TicketCard as TicketCardData } from '#shared/browsing/public-list.schema.ts';
import { finnishEventMoment } from '#shared/dates.ts';
import { formatEuros } from '#shared/money.ts';
import { summarizePrices } from '#shared/pricing.ts';
import { saveOpenedCard } from '../scroll-memory.ts';

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
  const prices = summarizePrices(ticket);
  const several = prices.ticketCount > 1;
  return (
    <RouterLink
      className="ticket-card"
      to={`/liput/${ticket.id}`}
      state={{ returnUrl: `${location.pathname}${location.search}`, query: location.search }}
      onClick={(event) =>
        saveOpenedCard(location.key, ticket.id, event.currentTarget.getBoundingClientRect().top)
      }
    >
      <div className="ticket-card__picture">
        <img
          src={ticket.eventImage ?? eventImagePlaceholder}
          alt=""
          loading="lazy"
          onError={showPlaceholderOnError}
        />
        {several && <span className="ticket-card__count">{t.countBadge(prices.ticketCount)}</span>}
      </div>
      <div className="ticket-card__body">
        <h3 className="ticket-card__title">{ticket.eventName}</h3>
        <p className="ticket-card__moment">{finnishEventMoment(ticket)}</p>
        <p className="ticket-card__detail">
          {ticket.eventVenue !== 'Unknown' && ticket.eventVenue !== ''
            ? `${ticket.eventVenue}, ${ticket.location}`
            : ticket.location}
        </p>
        {/* The total first (what the buyer pays, the fee in it), then the ticket against its face value. */}
        <div className="ticket-card__price-row">
          <p className="ticket-card__price">
            {formatEuros(prices.buyerTotalCents)}
            <span className="ticket-card__price-unit"> {pricesText.total}</span>
          </p>
          {prices.percentBelowFaceValue !== null && (
            <span className="ticket-card__discount">
              {pricesText.belowFaceValue(prices.percentBelowFaceValue)}
            </span>
          )}
        </div>
        <p className="ticket-card__note">
          {several &&
            `${pricesText.ticketCount(prices.ticketCount)} · ${pricesText.perTicket(prices.buyerTotalPerTicketCents)}, `}
          {pricesText.includesFee(prices.buyerFeeCents)}
        </p>
        <p className="ticket-card__face-value">
          <span aria-hidden="true">✓</span>
          {pricesText.faceValueLine(prices)}
        </p>
      </div>
    </RouterLink>
  );
}

/**
 * The styles of TicketCards, once per page. Rendered where cards appear, also while they load,
 * so the server's page carries them and the browser has nothing to compile when the cards come.
 */
export function TicketCardStyles() {
  return <GlobalStyles styles={cardStyles} />;
}

// Phones list compact rows (picture beside the text) so several tickets fit the first screen;
// from `sm` up the cards stand in a grid with the picture on top.
const cardStyles = (theme: Theme) => ({
  '.ticket-cards': {
    display: 'grid',
    gap: theme.spacing(1.5),
    gridTemplateColumns: 'minmax(0, 1fr)',
    transition: 'opacity 0.2s',
    [theme.breakpoints.up('sm')]: { gap: theme.spacing(2), gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
    [theme.breakpoints.up('md')]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
  },
  '.ticket-cards--dimmed': { opacity: 0.6 },
  [theme.breakpoints.up('lg')]: {
    '.ticket-cards--four': { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' },
  },
  '.ticket-card': {
    display: 'flex',
    flexDirection: 'row',
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
    [theme.breakpoints.up('sm')]: { flexDirection: 'column' },
  },
  '.ticket-card__picture': {
    position: 'relative',
    flex: '0 0 96px',
    minHeight: 112,
    backgroundColor: theme.palette.primary.light,
    '& img': {
      position: 'absolute',
      inset: 0,
      display: 'block',
      width: '100%',
      height: '100%',
      objectFit: 'cover',
    },
    [theme.breakpoints.up('sm')]: { flex: 'none', minHeight: 0, aspectRatio: '16 / 9' },
  },
  // The count on the picture and the discount by the price: the same small pill.
  '.ticket-card__count, .ticket-card__discount': {
    display: 'inline-flex',
    alignItems: 'center',
    height: 22,
    padding: '0 7px',
    borderRadius: 11,
    fontSize: '0.75rem',
    fontWeight: 700,
  },
  '.ticket-card__count': {
    position: 'absolute',
    top: 6,
    left: 6,
    backgroundColor: theme.palette.background.paper,
    color: theme.palette.text.primary,
  },
  '.ticket-card__body': {
    flex: '1 1 auto',
    minWidth: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: 2,
    padding: theme.spacing(1.25, 1.5),
    [theme.breakpoints.up('sm')]: { gap: theme.spacing(0.5), padding: theme.spacing(2, 2, 2.5) },
  },
  '.ticket-card__title': {
    ...theme.typography.h4,
    margin: 0,
    fontSize: '1rem',
    lineHeight: 1.3,
    display: '-webkit-box',
    WebkitLineClamp: 2,
    WebkitBoxOrient: 'vertical',
    overflow: 'hidden',
    [theme.breakpoints.up('sm')]: { fontSize: '1.05rem' },
  },
  '.ticket-card__moment': { ...theme.typography.body2, margin: 0, fontWeight: 700 },
  '.ticket-card__detail': {
    ...theme.typography.body2,
    margin: 0,
    color: theme.palette.text.secondary,
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
  },
  '.ticket-card__price-row': {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    columnGap: theme.spacing(1),
    rowGap: 2,
    marginTop: 'auto',
    paddingTop: theme.spacing(0.5),
  },
  '.ticket-card__price': { ...theme.typography.body1, margin: 0, fontWeight: 800, fontSize: '1.1rem' },
  '.ticket-card__price-unit': { fontSize: '0.875rem', fontWeight: 600 },
  '.ticket-card__discount': {
    backgroundColor: theme.palette.success.main,
    color: theme.palette.success.contrastText,
  },
  '.ticket-card__face-value': {
    ...theme.typography.body2,
    margin: 0,
    display: 'flex',
    gap: 4,
    fontSize: '0.8125rem',
    fontWeight: 700,
    color: theme.palette.success.dark,
  },
  '.ticket-card__note': {
    ...theme.typography.body2,
    margin: 0,
    fontSize: '0.8125rem',
    color: theme.palette.text.secondary,
  },
});
