import {
  formatMessage,
  IDEMPOTENCY_HEADER,
  messages,
  type TicketPayload,
  ticketPaths,
  uploadPaths,
  withCrnCheckDigit,
} from '@selfserve/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IssueForm } from '../src/features/tickets/components/issue-form';
import { setCsrfToken } from '../src/lib/api-client';
import { article } from './kb-fixtures';
import { created, FakeXhr, failure, imageFile, renderInRouter, uploaded } from './ticket-fixtures';
import { type FetchHandler, jsonResponse, mockFetch } from './utils';

const LONG = 'My driver took a much longer route than needed';
const writeToUsArticle = article({
  id: '100607',
  title: 'My issue is not listed Write to us',
  labels: { tag: 'write_to_us' },
});

beforeEach(() => {
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  setCsrfToken('csrf-1');
});
afterEach(() => setCsrfToken(null));

/** The ticket API: each POST is recorded with its body and headers; `answer` decides the response. */
function serveTickets(answer: FetchHandler = () => jsonResponse(created())) {
  const posts: { path: string; body: TicketPayload & Record<string, unknown>; headers: Record<string, string> }[] = [];
  const record: FetchHandler = (url, init) => {
    posts.push({
      path: url.pathname + url.search,
      body: JSON.parse(String(init?.body ?? '{}')),
      headers: (init?.headers ?? {}) as Record<string, string>,
    });
    return answer(url, init);
  };
  mockFetch({
    [ticketPaths.create]: record,
    [ticketPaths.marketplace('grocery')]: record,
  });
  return posts;
}

const description = () => screen.getByRole('textbox', { name: /Describe your issue/ });
const submitButton = () => screen.getByTestId('issue-submit');
const imageInput = () => screen.getByTestId('image-input') as HTMLInputElement;
const choose = (...files: File[]) => fireEvent.change(imageInput(), { target: { files } });

describe('issue form: description and e-mail', () => {
  it('strips everything but letters, digits and spaces as it is typed', async () => {
    serveTickets();
    const user = userEvent.setup();
    renderInRouter(<IssueForm article={writeToUsArticle} />);
    await user.type(description(), 'Late by 30 min, driver said: "traffic!!" <b>');
    expect(description()).toHaveValue('Late by 30 min driver said traffic b');
  });

  it("shows 'Please enter atleast 20 characters' and sends nothing for a short description", async () => {
    const posts = serveTickets();
    const user = userEvent.setup();
    renderInRouter(<IssueForm article={writeToUsArticle} />);
    await user.type(description(), 'Too short');
    await user.click(submitButton());
    expect(await screen.findByText(formatMessage('descriptionTooShort', { n: 20 }))).toBeInTheDocument();
    expect(description()).toHaveAttribute('aria-invalid', 'true');
    expect(posts).toHaveLength(0);
  });

  it('prefills the e-mail from the profile and refuses a dummy address', async () => {
    const posts = serveTickets();
    const user = userEvent.setup();
    renderInRouter(<IssueForm article={writeToUsArticle} />);
    const email = screen.getByRole('textbox', { name: 'E-mail address' });
    expect(email).toHaveValue('riya.customer@example.in');
    await user.clear(email);
    await user.type(email, 'dummy@example.in');
    await user.type(description(), LONG);
    await user.click(submitButton());
    expect(await screen.findByText(messages.invalidEmail)).toBeInTheDocument();
    expect(posts).toHaveLength(0);
  });

  it('hides the e-mail with hide_email and the description with hide_description, and sends neither', async () => {
    const posts = serveTickets();
    const user = userEvent.setup();
    renderInRouter(<IssueForm article={article({ id: '101005', label_names: ['hide_email', 'hide_description'] })} />);
    expect(screen.queryByRole('textbox', { name: 'E-mail address' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /Describe your issue/ })).not.toBeInTheDocument();
    await user.click(submitButton());
    await screen.findByTestId('ticket-result');
    expect(posts[0]?.body).toMatchObject({ query: '', issue_id: '101005' });
    expect(posts[0]?.body).not.toHaveProperty('email_from');
  });

  it('makes the description optional for a booking with a valid ride id, and sends the booking', async () => {
    const posts = serveTickets();
    const user = userEvent.setup();
    const crn = withCrnCheckDigit('271828182');
    renderInRouter(<IssueForm article={writeToUsArticle} booking={{ id: 'bk_1', crn, cab_category: 'prime' }} />);
    expect(screen.getByRole('textbox', { name: 'Describe your issue (optional)' })).toBeInTheDocument();
    await user.click(submitButton());
    await screen.findByTestId('ticket-result');
    expect(posts[0]?.body).toMatchObject({
      query: '',
      booking_id: 'bk_1',
      cab_category: 'prime',
      issue_id: '100607',
      article_name: 'My issue is not listed Write to us',
      article_type: 'write_to_us',
      email_from: 'riya.customer@example.in',
      country_code: 'IN',
    });
  });
});

describe('issue form: images', () => {
  it('inside the app uploads with the shared component limit (10 MB)', async () => {
    serveTickets();
    const user = userEvent.setup();
    renderInRouter(<IssueForm article={writeToUsArticle} />, { session: { inApp: true } });
    await user.type(description(), LONG);
    choose(imageFile('receipt.png'));
    expect(FakeXhr.sent[0]?.url).toBe(`${uploadPaths.documents}?limit=10mb`);
  });

  it('uploads each file at once with progress, shows its thumbnail and sends its id', async () => {
    const posts = serveTickets();
    const user = userEvent.setup();
    renderInRouter(<IssueForm article={writeToUsArticle} />);
    await user.type(description(), LONG);
    choose(imageFile('receipt.png'));

    const xhr = FakeXhr.sent[0];
    if (!xhr) throw new Error('no upload');
    expect(xhr.method).toBe('POST');
    // On the website, the desktop upload's 5 MB (guided-flows.md §5); in the app, the shared component's 10 MB.
    expect(xhr.url).toBe(`${uploadPaths.documents}?limit=5mb`);
    expect(xhr.headers['x-filetype']).toBe('image');
    expect(xhr.headers['x-csrf-token']).toBe('csrf-1');
    expect(xhr.file()?.name).toBe('receipt.png');
    expect(screen.getByTestId('attachment')).toHaveAttribute('data-status', 'uploading');
    expect(submitButton()).toBeDisabled();

    act(() => xhr.progress(512, 1024));
    expect(screen.getByRole('progressbar')).toHaveAttribute('value', '50');
    act(() => xhr.respond(200, uploaded('doc_1')));
    expect(await screen.findByRole('img', { name: 'Your image receipt.png' })).toHaveAttribute(
      'src',
      '/api/v1/documents/doc_1',
    );

    await user.click(submitButton());
    await screen.findByTestId('ticket-result');
    expect(posts[0]?.body.uploaded_image_ids).toEqual(['doc_1']);
  });

  it("requires an image for an image-upload article ('Please upload atleast one image.')", async () => {
    const posts = serveTickets();
    const user = userEvent.setup();
    renderInRouter(<IssueForm article={article({ id: '400202', labels: { call_type: 'damaged_item' } })} />);
    expect(screen.getByText('Photos or screenshots (at least one)')).toBeInTheDocument();
    await user.type(description(), LONG);
    await user.click(submitButton());
    expect(await screen.findByText(messages.uploadAtLeastOne)).toBeInTheDocument();
    expect(posts).toHaveLength(0);

    choose(imageFile());
    act(() => FakeXhr.sent[0]?.respond(200, uploaded('doc_7')));
    await waitFor(() => expect(screen.queryByText(messages.uploadAtLeastOne)).not.toBeInTheDocument());
    await user.click(submitButton());
    await screen.findByTestId('ticket-result');
    expect(posts[0]?.body.uploaded_image_ids).toEqual(['doc_7']);
  });

  it('takes 10 images at most, and 1 for an invoice article', async () => {
    serveTickets();
    const first = renderInRouter(<IssueForm article={writeToUsArticle} />);
    choose(...Array.from({ length: 12 }, (_, i) => imageFile(`p${i}.png`)));
    expect(FakeXhr.sent).toHaveLength(10);
    expect(screen.getAllByTestId('attachment')).toHaveLength(10);
    expect(screen.getByTestId('images-error')).toHaveTextContent(formatMessage('tooManyImages', { n: 10 }));
    expect(imageInput()).toBeDisabled();
    first.unmount();

    FakeXhr.sent = [];
    renderInRouter(<IssueForm article={article({ side_load: { invoice_upload: true } })} />);
    expect(imageInput()).not.toHaveAttribute('multiple');
    choose(imageFile('a.png'), imageFile('b.png'));
    expect(FakeXhr.sent).toHaveLength(1);
    expect(screen.getByTestId('images-error')).toHaveTextContent(formatMessage('tooManyImages', { n: 1 }));
    // Removing the image makes room again (and stops its upload).
    fireEvent.click(screen.getByRole('button', { name: 'Remove a.png' }));
    expect(screen.queryByTestId('attachment')).not.toBeInTheDocument();
    expect(imageInput()).not.toBeDisabled();
  });

  it.each([
    ['413 too large: the server text', (x: FakeXhr) => x.respond(413, failBody('PAYLOAD_TOO_LARGE')), TEN_MB_TEXT],
    [
      '415 wrong type: the server text',
      (x: FakeXhr) => x.respond(415, failBody('UNSUPPORTED_MEDIA_TYPE')),
      TEN_MB_TEXT,
    ],
    ['another refusal', (x: FakeXhr) => x.respond(400, failBody('VALIDATION_FAILED', 'x')), messages.imageUploadFailed],
    ['a server failure', (x: FakeXhr) => x.respond(500, undefined), messages.uploadSomethingWrong],
    ['no answer', (x: FakeXhr) => x.fail(), messages.uploadSomethingWrong],
    ['no document id', (x: FakeXhr) => x.respond(200, { status: 'SUCCESS' }), messages.uploadSomethingWrong],
  ])('%s', async (_name, answer, text) => {
    serveTickets();
    renderInRouter(<IssueForm article={writeToUsArticle} />);
    choose(imageFile());
    const xhr = FakeXhr.sent[0];
    if (!xhr) throw new Error('no upload');
    act(() => answer(xhr));
    expect(await screen.findByTestId('attachment-error')).toHaveTextContent(text);
    expect(screen.getByTestId('attachment')).toHaveAttribute('data-status', 'error');
    expect(submitButton()).not.toBeDisabled();
  });

  it('in the app refuses a file that is plainly too large or not an image without sending it', async () => {
    serveTickets();
    renderInRouter(<IssueForm article={writeToUsArticle} />, { session: { inApp: true } });
    choose(imageFile('huge.png', 'image/png', 10 * 1024 * 1024 + 1), imageFile('notes.txt', 'text/plain', 10));
    expect(FakeXhr.sent).toHaveLength(0);
    const errors = screen.getAllByTestId('attachment-error');
    expect(errors).toHaveLength(2);
    for (const e of errors) expect(e).toHaveTextContent(TEN_MB_TEXT);
  });

  it('on the website refuses an image over 5 MB with the desktop message', () => {
    serveTickets();
    renderInRouter(<IssueForm article={writeToUsArticle} />);
    choose(imageFile('big.png', 'image/png', 5 * 1024 * 1024 + 1));
    expect(FakeXhr.sent).toHaveLength(0);
    expect(screen.getByTestId('attachment-error')).toHaveTextContent(messages.imageTooLarge5);
  });
});

const TEN_MB_TEXT = messages.imageWrongOrTooLarge10;
function failBody(code: string, message: string = TEN_MB_TEXT) {
  return { status: 'FAILURE', error: { code, message } };
}

describe('issue form: item checklist', () => {
  const products = [
    { item_id: 'onion', item_name: 'Onions 1 kg', quantity: 2 },
    { item_id: 'milk', item_name: 'Milk 500 ml', quantity: 1 },
  ];
  const itemArticle = article({ id: '410201', title: 'An item is missing', labels: { call_type: 'item_missing' } });

  it("needs at least one product ('Please select atleast one product.'), up to the ordered count", async () => {
    const posts = serveTickets();
    const user = userEvent.setup();
    renderInRouter(
      <IssueForm article={itemArticle} order={{ kind: 'grocery', orderId: 'GRC7730155', items: products }} />,
    );
    expect(screen.queryByRole('textbox', { name: 'E-mail address' })).not.toBeInTheDocument();
    await user.type(description(), 'One packet of onions was missing');
    await user.click(submitButton());
    expect(await screen.findByText(messages.selectAtLeastOneProduct)).toBeInTheDocument();
    expect(posts).toHaveLength(0);

    const checklist = screen.getByTestId('item-checklist');
    const onionQuantity = within(checklist).getByRole('combobox', { name: 'Quantity of Onions 1 kg' });
    expect(onionQuantity).toBeDisabled();
    await user.click(within(checklist).getByRole('checkbox', { name: 'Onions 1 kg' }));
    expect(
      within(onionQuantity)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['1', '2']);
    await user.selectOptions(onionQuantity, '2');
    expect(
      within(within(checklist).getByRole('combobox', { name: 'Quantity of Milk 500 ml' })).getAllByRole('option'),
    ).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText(messages.selectAtLeastOneProduct)).not.toBeInTheDocument());

    await user.click(submitButton());
    await screen.findByTestId('ticket-result');
    expect(posts[0]?.path).toBe('/api/v1/grocery/createTicket');
    expect(posts[0]?.body).toEqual({
      order_id: 'GRC7730155',
      issue_id: '410201',
      article_name: 'An item is missing',
      query: 'One packet of onions was missing',
      item_details: [{ item_id: 'onion', item_name: 'Onions 1 kg', quantity: 2 }],
    });
    expect(posts[0]?.headers[IDEMPOTENCY_HEADER]).toBeTruthy();
  });
});

describe('issue form: submitting', () => {
  it('shows the answer and the ticket number, with a way home', async () => {
    const posts = serveTickets(() => jsonResponse(created('4811001')));
    const user = userEvent.setup();
    const { router } = renderInRouter(<IssueForm article={writeToUsArticle} sourcePage="PACKAGE" />);
    await user.type(description(), LONG);
    await user.click(submitButton());
    expect(await screen.findByTestId('ticket-message')).toHaveTextContent(messages.ticketSuccess);
    expect(screen.getByTestId('ticket-id')).toHaveTextContent('4811001');
    expect(posts[0]?.path).toBe('/api/v1/ticket?source_page=PACKAGE');
    expect(posts[0]?.headers['x-csrf-token']).toBe('csrf-1');
    // core.md §7: a ticket call carries no-cache.
    expect(posts[0]?.headers['cache-control']).toBe('no-cache');
    expect(posts[0]?.headers.pragma).toBe('no-cache');
    await user.click(screen.getByRole('link', { name: 'Go to Support home' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });

  it.each([
    ['an empty ticket id', ''],
    ['no ticket id at all', undefined],
  ])(
    "says 'Your issue could not be submitted…' for an answer with %s, never a blank ticket number",
    async (_name, id) => {
      const answers = [
        {
          status: 'SUCCESS',
          request_status: 'CREATED',
          ticket_id: id,
          code: 'ticketSuccess',
          message: messages.ticketSuccess,
        },
        created('4811002'),
      ];
      const posts = serveTickets(() => jsonResponse(answers.shift()));
      const user = userEvent.setup();
      renderInRouter(<IssueForm article={writeToUsArticle} />);
      await user.type(description(), LONG);
      await user.click(submitButton());
      expect(await screen.findByTestId('issue-form-error')).toHaveTextContent(messages.ticketNotSubmitted);
      expect(screen.queryByTestId('ticket-result')).not.toBeInTheDocument();
      expect(screen.queryByText(/Ticket number/)).not.toBeInTheDocument();
      // The form stays as it was, and submitting again is a new submit (a new key): it may now succeed.
      expect(description()).toHaveValue(LONG);
      await user.click(submitButton());
      expect(await screen.findByTestId('ticket-id')).toHaveTextContent('Ticket number: 4811002');
      expect(posts).toHaveLength(2);
      expect(posts[1]?.headers[IDEMPOTENCY_HEADER]).not.toBe(posts[0]?.headers[IDEMPOTENCY_HEADER]);
    },
  );

  it('shows the open-ticket text when one is already open', async () => {
    serveTickets(() => jsonResponse(created('4810231', 'OPEN_TICKET_PRESENT')));
    const user = userEvent.setup();
    renderInRouter(<IssueForm article={writeToUsArticle} />);
    await user.type(description(), LONG);
    await user.click(submitButton());
    expect(await screen.findByTestId('ticket-result')).toHaveAttribute('data-request-status', 'OPEN_TICKET_PRESENT');
    expect(screen.getByTestId('ticket-message')).toHaveTextContent(messages.ticketAlreadyOpen);
  });

  it('keeps what was typed and attached after a failure; a retry reuses the key, an edit gets a new one', async () => {
    let calls = 0;
    const posts = serveTickets(() => {
      calls += 1;
      return calls <= 2 ? failure(500, 'INTERNAL', 'Boom') : jsonResponse(created());
    });
    const user = userEvent.setup();
    renderInRouter(<IssueForm article={writeToUsArticle} />);
    await user.type(description(), LONG);
    choose(imageFile('receipt.png'));
    act(() => FakeXhr.sent[0]?.respond(200, uploaded('doc_1')));
    await screen.findByRole('img', { name: 'Your image receipt.png' });

    await user.click(submitButton());
    expect(await screen.findByTestId('issue-form-error')).toHaveTextContent(messages.retry);
    expect(description()).toHaveValue(LONG);
    expect(screen.getByRole('img', { name: 'Your image receipt.png' })).toBeInTheDocument();
    expect(screen.getByTestId('issue-form')).toHaveAttribute('data-status', 'initial');

    await user.click(submitButton());
    await waitFor(() => expect(posts).toHaveLength(2));
    await screen.findByTestId('issue-form-error');
    const firstKey = posts[0]?.headers[IDEMPOTENCY_HEADER];
    expect(firstKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(posts[1]?.headers[IDEMPOTENCY_HEADER]).toBe(firstKey);
    expect(posts[1]?.body).toEqual(posts[0]?.body);

    await user.type(description(), ' again');
    await user.click(submitButton());
    await screen.findByTestId('ticket-result');
    expect(posts[2]?.headers[IDEMPOTENCY_HEADER]).not.toBe(firstKey);
    expect(posts[2]?.body).toMatchObject({ query: `${LONG} again`, uploaded_image_ids: ['doc_1'] });
  });

  it('puts the server’s field messages next to their fields', async () => {
    serveTickets(() =>
      failure(400, 'VALIDATION_FAILED', messages.uploadAtLeastOne, { images: messages.uploadAtLeastOne }),
    );
    const user = userEvent.setup();
    renderInRouter(<IssueForm article={writeToUsArticle} />);
    await user.type(description(), LONG);
    await user.click(submitButton());
    expect(await screen.findByTestId('images-error')).toHaveTextContent(messages.uploadAtLeastOne);
    expect(screen.queryByTestId('issue-form-error')).not.toBeInTheDocument();
  });

  it("shows 'Booking Not found.' when the booking is not the user's", async () => {
    serveTickets(() => failure(404, 'NOT_FOUND', messages.bookingNotFound));
    const user = userEvent.setup();
    renderInRouter(<IssueForm article={writeToUsArticle} booking={{ id: 'bk_x', crn: '12' }} />);
    await user.type(description(), LONG);
    await user.click(submitButton());
    expect(await screen.findByTestId('issue-form-error')).toHaveTextContent(messages.bookingNotFound);
  });

  it('sends an unverified e-mail to the verify page', async () => {
    serveTickets(() => failure(403, 'email_not_verified', 'Please verify your e-mail address.'));
    const user = userEvent.setup();
    const { router } = renderInRouter(<IssueForm article={writeToUsArticle} />);
    await user.type(description(), LONG);
    await user.click(submitButton());
    expect(await screen.findByRole('heading', { name: 'Verify page' })).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ from: '/form' });
  });

  it('creates one ticket on a double click', async () => {
    const posts = serveTickets();
    const user = userEvent.setup();
    renderInRouter(<IssueForm article={writeToUsArticle} />);
    await user.type(description(), LONG);
    await user.dblClick(submitButton());
    await screen.findByTestId('ticket-result');
    expect(posts).toHaveLength(1);
  });
});

describe('issue form: back during ticket creation (spec core.md §2)', () => {
  /** A ticket call the test answers when it wants. */
  function heldTickets() {
    const answers: ((r: Response) => void)[] = [];
    serveTickets(() => new Promise<Response>((resolve) => answers.push(resolve)));
    return answers;
  }

  it('back while creating returns to the form, with everything kept, and drops the late answer', async () => {
    const answers = heldTickets();
    const user = userEvent.setup();
    const { router } = renderInRouter(<IssueForm article={writeToUsArticle} />);
    await user.type(description(), LONG);
    await user.click(submitButton());
    await waitFor(() => expect(screen.getByTestId('issue-form')).toHaveAttribute('data-status', 'creating'));

    await act(() => router.navigate(-1));
    await waitFor(() => expect(screen.getByTestId('issue-form')).toHaveAttribute('data-status', 'initial'));
    expect(router.state.location.pathname).toBe('/form');
    expect(description()).toHaveValue(LONG);

    await act(async () => answers[0]?.(jsonResponse(created())));
    expect(screen.queryByTestId('ticket-result')).not.toBeInTheDocument();
  });

  it('back after done returns to an empty form; back while redirecting home is ignored', async () => {
    const answers = heldTickets();
    const user = userEvent.setup();
    // Home never finishes loading, so the page stays in redirecting-to-home.
    const { router } = renderInRouter(<IssueForm article={writeToUsArticle} />, { slowHome: true });
    await user.type(description(), LONG);
    await user.click(submitButton());
    await act(async () => answers[0]?.(jsonResponse(created())));
    expect(await screen.findByTestId('ticket-result')).toHaveAttribute('data-status', 'done');

    await act(() => router.navigate(-1));
    await waitFor(() => expect(screen.getByTestId('issue-form')).toHaveAttribute('data-status', 'initial'));
    expect(router.state.location.pathname).toBe('/form');
    expect(description()).toHaveValue('');

    await user.type(description(), LONG);
    await user.click(submitButton());
    await act(async () => answers[1]?.(jsonResponse(created())));
    await screen.findByTestId('ticket-result');
    await user.click(screen.getByTestId('ticket-home-link'));
    await waitFor(() =>
      expect(screen.getByTestId('ticket-result')).toHaveAttribute('data-status', 'redirecting-to-home'),
    );
    await act(() => router.navigate(-1));
    expect(screen.getByTestId('ticket-result')).toHaveAttribute('data-status', 'redirecting-to-home');
    expect(router.state.location.pathname).toBe('/form');
  });
});
