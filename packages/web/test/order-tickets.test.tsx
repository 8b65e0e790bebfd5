import {
  coded,
  formatMessage,
  kbMetaResponseSchema,
  kbPaths,
  messages,
  type OrderContext,
  orderContextSchema,
  ticketPaths,
  ticketResponseSchema,
} from '@selfserve/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { OrderArticlePage } from '../src/features/orders/routes/order-article';
import { OrderHelpPage } from '../src/features/orders/routes/order-help';
import { DwritetousPage } from '../src/features/tickets/routes/write-to-us';
import { setSelectedBooking } from '../src/lib/selected-booking';
import { article, articleResponse, category, leaf, notFoundBody, summary } from './kb-fixtures';
import { signedInRiya } from './ticket-fixtures';
import { type FetchHandler, jsonResponse, mockFetch, renderAppRoutes, riya } from './utils';

// An order's help → its article → Write to us → the ticket: the order stays on screen and goes with the ticket.

const giftCard = (orderId: string): OrderContext =>
  orderContextSchema.parse({
    order_id: orderId,
    order_type: 'giftcard',
    order_status: 'delivered',
    amount: 1000,
    currency_symbol: '₹',
    modified_at: '2026-10-01T10:00:00.000Z',
    items: [{ item_id: 'gft-inr-1000', item_name: 'Ride Credits E-Gift Card ₹1,000', quantity: 1 }],
    customer_details: { name: 'Riya', contact: null, email: riya.email, user_id: riya.id },
  });
const orders: Record<string, OrderContext> = {
  GFT5580241: giftCard('GFT5580241'),
  GFT5580999: giftCard('GFT5580999'),
};

const notWorking = article({
  id: '430101',
  title: 'My gift card is not working',
  parent_id: '430100',
  index_name: 'giftcard',
  related: [summary('430102', 'My gift card balance is wrong', { index_name: 'giftcard' })],
  ancestors: [summary('430100', 'Gift cards', { type: 'category', index_name: 'giftcard' })],
});
const articles: Record<string, ReturnType<typeof article>> = { '430101': notWorking };

function serveApi(answer?: FetchHandler) {
  const posts: { path: string; body: Record<string, unknown> }[] = [];
  const fetchMock = mockFetch({
    [kbPaths.metaVariant('giftcard')]: (url) => {
      const order = orders[url.searchParams.get('order_id') ?? ''];
      if (!order) {
        return jsonResponse({ status: 'FAILURE', error: coded('orderNotFound') }, 404);
      }
      return jsonResponse(
        kbMetaResponseSchema.parse({
          status: 'SUCCESS',
          index_name: ['giftcard'],
          context: null,
          data: [category('430100', 'Gift cards', [leaf('430101', 'My gift card is not working', '430100')])],
          order,
        }),
      );
    },
    [kbPaths.articles]: (url) => {
      const found = articles[url.searchParams.get('id') ?? ''];
      return found ? jsonResponse(articleResponse(found)) : jsonResponse(notFoundBody, 404);
    },
    [ticketPaths.marketplace('giftcard')]: (url, init) => {
      const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
      posts.push({ path: url.pathname, body });
      if (answer) return answer(url, init);
      return jsonResponse(
        ticketResponseSchema.parse({
          status: 'SUCCESS',
          request_status: 'CREATED',
          ticket_id: String(4813000 + posts.length),
          ...coded('marketplaceTicketCreated', { orderId: String(body.order_id) }),
        }),
      );
    },
    [ticketPaths.create]: (url, init) => {
      posts.push({ path: url.pathname, body: JSON.parse(String(init?.body)) });
      return jsonResponse({ status: 'FAILURE', error: coded('INTERNAL') }, 500);
    },
    '/user_tracking/add_track': () => jsonResponse({ status: 'SUCCESS' }),
  });
  return { posts, fetchMock };
}

function renderRoutes(entry: string) {
  return renderAppRoutes(
    [
      { path: '/home', element: <h1>Home page</h1> },
      { path: '/login', element: <h1>Login page</h1> },
      { path: '/orders/:kind/:orderId', element: <OrderHelpPage /> },
      { path: '/orders/:kind/:orderId/dreport/:articleId', element: <OrderArticlePage /> },
      { path: '/dwritetous/:articleId?', element: <DwritetousPage /> },
      { path: '/dreport/:articleId', element: <h1>Plain article page</h1> },
    ],
    { initialEntries: [entry] },
    signedInRiya,
  ).router;
}

const orderCard = () => within(screen.getByTestId('order-context')).getByTestId('order-card');
const LONG = 'The gift card code says it was already redeemed';

beforeEach(() => {
  window.sessionStorage.clear();
  setSelectedBooking(null);
});

describe('a ticket from an order’s help page', () => {
  it('keeps the order card through the article and the form, and sends the ticket to the order’s kind with its id', async () => {
    const { posts } = serveApi();
    const user = userEvent.setup();
    const router = renderRoutes('/orders/giftcard/GFT5580241');

    // The order's help: its categories' articles open in the order's context.
    const topic = await screen.findByRole('link', { name: 'My gift card is not working' });
    expect(topic).toHaveAttribute('href', '/orders/giftcard/GFT5580241/dreport/430101');
    await user.click(topic);

    // The article, under the order's card; related topics stay about the order too.
    expect(await screen.findByRole('heading', { level: 1, name: 'My gift card is not working' })).toBeInTheDocument();
    expect(orderCard()).toHaveAttribute('data-order-id', 'GFT5580241');
    expect(screen.getByRole('link', { name: 'My gift card balance is wrong' })).toHaveAttribute(
      'href',
      '/orders/giftcard/GFT5580241/dreport/430102',
    );
    const writeToUs = screen.getByTestId('write-to-us-link');
    expect(writeToUs).toHaveAttribute('href', '/dwritetous/430101?order_id=GFT5580241&order_type=giftcard');
    await user.click(writeToUs);

    // The form, still under the order's card; the order's contact details stand in for the e-mail.
    expect(await screen.findByRole('heading', { level: 1, name: 'My gift card is not working' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?order_id=GFT5580241&order_type=giftcard');
    expect(orderCard()).toHaveAttribute('data-order-id', 'GFT5580241');
    expect(screen.queryByRole('textbox', { name: 'E-mail address' })).not.toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Describe your issue' }), LONG);
    await user.click(screen.getByTestId('issue-submit'));

    // The marketplace answer, naming the order, with the card still there.
    expect(await screen.findByTestId('ticket-message')).toHaveTextContent(
      formatMessage('marketplaceTicketCreated', { orderId: 'GFT5580241' }),
    );
    expect(screen.getByTestId('ticket-id')).toHaveTextContent('Ticket number: 4813001');
    expect(orderCard()).toHaveAttribute('data-order-id', 'GFT5580241');
    expect(posts).toEqual([
      {
        path: '/api/v1/giftcard/createTicket',
        body: {
          order_id: 'GFT5580241',
          issue_id: '430101',
          article_name: 'My gift card is not working',
          query: LONG,
        },
      },
    ]);
  });

  it('sends a second order’s ticket with that order’s id', async () => {
    const { posts } = serveApi();
    const user = userEvent.setup();
    renderRoutes('/dwritetous/430101?order_id=GFT5580999&order_type=giftcard');
    await user.type(await screen.findByRole('textbox', { name: 'Describe your issue' }), LONG);
    expect(orderCard()).toHaveAttribute('data-order-id', 'GFT5580999');
    await user.click(screen.getByTestId('issue-submit'));
    expect(await screen.findByTestId('ticket-message')).toHaveTextContent(
      formatMessage('marketplaceTicketCreated', { orderId: 'GFT5580999' }),
    );
    expect(posts.map((p) => [p.path, p.body.order_id])).toEqual([['/api/v1/giftcard/createTicket', 'GFT5580999']]);
  });

  it('shows the marketplace open-ticket text naming the order', async () => {
    serveApi(() =>
      jsonResponse(
        ticketResponseSchema.parse({
          status: 'SUCCESS',
          request_status: 'OPEN_TICKET_PRESENT',
          ticket_id: '4812345',
          ...coded('marketplaceTicketAlreadyOpen', { orderId: 'GFT5580241' }),
        }),
      ),
    );
    const user = userEvent.setup();
    renderRoutes('/dwritetous/430101?order_id=GFT5580241&order_type=giftcard');
    await user.type(await screen.findByRole('textbox', { name: 'Describe your issue' }), LONG);
    await user.click(screen.getByTestId('issue-submit'));
    expect(await screen.findByTestId('ticket-message')).toHaveTextContent(
      formatMessage('marketplaceTicketAlreadyOpen', { orderId: 'GFT5580241' }),
    );
    expect(screen.getByTestId('ticket-id')).toHaveTextContent('Ticket number: 4812345');
  });

  it("says 'Order not found.' for an order that is not the user's, and sends nothing", async () => {
    const { posts } = serveApi();
    renderRoutes('/orders/giftcard/GFT0000000/dreport/430101');
    expect(await screen.findByRole('heading', { level: 1, name: messages.orderNotFound })).toBeInTheDocument();
    renderRoutes('/dwritetous/430101?order_id=GFT0000000&order_type=giftcard');
    await waitFor(() =>
      expect(screen.getAllByRole('heading', { level: 1, name: messages.orderNotFound })).toHaveLength(2),
    );
    expect(screen.queryByTestId('issue-form')).not.toBeInTheDocument();
    expect(posts).toEqual([]);
  });

  it("says 'Order not found.' for a kind without a createTicket (parcels)", async () => {
    serveApi();
    renderRoutes('/dwritetous/430101?order_id=PRC3290574&order_type=parcel');
    expect(await screen.findByRole('heading', { level: 1, name: messages.orderNotFound })).toBeInTheDocument();
  });
});
