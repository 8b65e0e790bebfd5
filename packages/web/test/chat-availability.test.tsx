import {
  bookingPaths,
  type ChatAvailabilityResponse,
  chatAvailabilityPaths,
  chatHandoffFieldNames,
} from '@selfserve/contract';
import en from '@selfserve/contract/locales/en.json';
import fr from '@selfserve/contract/locales/fr.json';
import hi from '@selfserve/contract/locales/hi.json';
import kn from '@selfserve/contract/locales/kn.json';
import nl from '@selfserve/contract/locales/nl.json';
import ta from '@selfserve/contract/locales/ta.json';
import te from '@selfserve/contract/locales/te.json';
import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ArticleFooter } from '../src/components/article/article-footer';
import { BookingContact } from '../src/features/bookings/components/booking-help';
import { ChatbotPage } from '../src/features/chat/chatbot-page';
import { chatOpensText } from '../src/lib/chat-availability';
import { setLocale, t, translateIn } from '../src/lib/i18n';
import { setSelectedBooking } from '../src/lib/selected-booking';
import { booking, validCrn } from './booking-fixtures';
import { jsonResponse, mockFetch, renderWithSession, riya } from './utils';

const open: ChatAvailabilityResponse = {
  status: 'SUCCESS',
  chat: true,
  live: false,
  opens_at: null,
  live_opens_at: '2030-01-07T02:30:00.000Z',
  region: 'in',
  handoff_url: chatAvailabilityPaths.handoff,
};
const allOff = { write_to_us: false, call_us: false, chat: true };

beforeEach(() => setSelectedBooking(null));
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await setLocale('en');
});

describe('Chat with us under an article (docs/chat.md)', () => {
  const footer = (tags: string[] = [], labels = {}) => <ArticleFooter articleId="100803" labels={labels} tags={tags} />;

  it('shows while chat is available, asking about the selected booking', async () => {
    const asked: string[] = [];
    mockFetch({
      [chatAvailabilityPaths.availability]: (url) => {
        asked.push(url.search);
        return jsonResponse(open);
      },
    });
    setSelectedBooking({ id: 'b-9', crn: validCrn });
    renderWithSession(footer(), { session: { user: riya } });
    const link = await screen.findByRole('link', { name: 'Chat with us' });
    expect(link).toHaveAttribute('href', `/chatbot?booking_id=b-9&crn=${validCrn}&article_id=100803&source=footer`);
    expect(asked).toEqual(['?booking_id=b-9']);
  });

  it('a visitor asks without a booking (the server answers for the site’s country)', async () => {
    const asked: string[] = [];
    mockFetch({
      [chatAvailabilityPaths.availability]: (url) => {
        asked.push(url.search);
        return jsonResponse(open);
      },
    });
    setSelectedBooking({ id: 'b-9', crn: validCrn });
    renderWithSession(footer());
    expect(await screen.findByRole('link', { name: 'Chat with us' })).toBeInTheDocument();
    expect(asked).toEqual(['']);
  });

  it('outside the regions (or city, or category) nothing shows', async () => {
    const fetch = mockFetch({
      [chatAvailabilityPaths.availability]: () =>
        jsonResponse({ ...open, chat: false, live_opens_at: null, region: null }),
    });
    renderWithSession(footer(), { session: { user: riya, switches: allOff } });
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(screen.queryByRole('link', { name: 'Chat with us' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('chat-opens-at')).not.toBeInTheDocument();
  });

  it('outside the hours it says when chat opens, in the reader’s time', async () => {
    const opensAt = new Date(Date.now() + 60_000);
    mockFetch({
      [chatAvailabilityPaths.availability]: () =>
        jsonResponse({ ...open, chat: false, opens_at: opensAt.toISOString() }),
    });
    renderWithSession(footer(), { session: { user: riya } });
    const said = await screen.findByTestId('chat-opens-at');
    const time = new Intl.DateTimeFormat('en', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
      opensAt,
    );
    expect(said.textContent).toMatch(new RegExp(`^Chat opens (at|on \\S+ at) ${time}$`));
    expect(screen.queryByRole('link', { name: 'Chat with us' })).not.toBeInTheDocument();
  });

  it('HIDE_CHAT: nothing is asked and nothing shows', async () => {
    const fetch = mockFetch({});
    renderWithSession(footer(), {
      session: { user: riya, switches: { write_to_us: true, call_us: true, chat: false } },
    });
    expect(await screen.findByTestId('article-footer')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Chat with us' })).not.toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('plus_live_chat asks for a person while one is there; chat_bot makes the chat the main button', async () => {
    mockFetch({
      [chatAvailabilityPaths.availability]: () => jsonResponse({ ...open, live: true, live_opens_at: null }),
    });
    renderWithSession(footer(['plus_live_chat'], { chat_bot: true }), { session: { user: riya } });
    const link = await screen.findByRole('link', { name: 'Chat with an agent' });
    expect(link.getAttribute('href')).toContain('action=live');
    expect(link).toHaveClass('button');
    expect(link).not.toHaveClass('button--secondary');
  });
});

describe('Chat with us on a booking’s help: only for a ride with the assistant (krutrim_chat)', () => {
  it.each([
    [true, 1],
    [false, 0],
  ])('krutrim_chat %s: %i link', async (krutrimChat, links) => {
    const asked: string[] = [];
    mockFetch({
      [chatAvailabilityPaths.availability]: (url) => {
        asked.push(url.search);
        return jsonResponse(open);
      },
    });
    const ride = booking({ id: 'b-5', crn: validCrn, krutrim_chat: krutrimChat });
    renderWithSession(<BookingContact booking={ride} />, { session: { user: riya } });
    expect(await screen.findByTestId('booking-contact')).toBeInTheDocument();
    if (links) {
      expect(await screen.findByRole('link', { name: 'Chat with us' })).toHaveAttribute(
        'href',
        `/chatbot?booking_id=b-5&crn=${validCrn}&source=booking`,
      );
      expect(asked).toEqual(['?booking_id=b-5']);
    } else {
      // nothing asked: the ride has no assistant
      expect(asked).toEqual([]);
      expect(screen.queryByRole('link', { name: 'Chat with us' })).not.toBeInTheDocument();
    }
  });
});

describe('chatOpensText', () => {
  it('today: the time; another day: the weekday too, in the reader’s language', async () => {
    const now = new Date(2030, 0, 7, 7, 0); // local time: the reader's own clock
    const today = new Date(2030, 0, 7, 9, 0).toISOString();
    const monday = new Date(2030, 0, 14, 9, 0).toISOString();
    expect(chatOpensText(t, today, 'en-IN', now)).toBe('Chat opens at 09:00');
    expect(chatOpensText(t, monday, 'en-GB', now)).toBe('Chat opens on Monday at 09:00');
    await setLocale('fr');
    const fr = (key: Parameters<typeof t>[0], params?: Record<string, string | number>) =>
      translateIn('fr', key, params);
    expect(chatOpensText(fr, monday, 'fr-FR', now)).toBe('Le chat ouvre lundi à 09:00');
  });
});

describe('/chatbot (core.md §2, §7)', () => {
  const ride = booking({ id: 'b-7', crn: validCrn, brand: 'ola', cab_category: 'prime', city: 'Bengaluru' });
  const page = (route: string, session = {}) =>
    renderWithSession(
      <Routes>
        <Route path="/chatbot" element={<ChatbotPage />} />
      </Routes>,
      { route, session: { user: riya, csrfToken: 'csrf-xyz', demo: true, ...session } },
    );

  it('posts the hand-off form with every field to our own chat when no CHAT_HANDOFF_URL is set', async () => {
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
    const asked: string[] = [];
    mockFetch({
      [bookingPaths.getByCrn]: () => jsonResponse({ status: 'SUCCESS', data: ride }),
      [chatAvailabilityPaths.availability]: (url) => {
        asked.push(url.search);
        return jsonResponse(open);
      },
    });
    page(`/chatbot?booking_id=b-7&crn=${validCrn}&article_id=101001&source=result`);
    const form = (await screen.findByTestId('chatbot-form')) as HTMLFormElement;
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    expect(form.method).toBe('post');
    expect(form.getAttribute('action')).toBe('/api/chat/v1/handoff');
    const fields = Object.fromEntries(new FormData(form).entries());
    expect(Object.keys(fields)).toEqual(chatHandoffFieldNames);
    expect(fields).toMatchObject({
      csrf_token: 'csrf-xyz',
      user_email: riya.email,
      crn: validCrn,
      brand: 'ola',
      locale: 'en',
      environment: 'demo',
      action: 'chat',
      location: '',
    });
    expect(JSON.parse(String(fields.booking))).toMatchObject({ id: 'b-7', crn: validCrn, cab_category: 'prime' });
    expect(JSON.parse(String(fields.profile))).toMatchObject({ id: riya.id, email: riya.email });
    expect(JSON.parse(String(fields.chat_config))).toMatchObject({ chat: true, live: false, region: 'in' });
    expect(JSON.parse(String(fields.extra))).toEqual({ article_id: '101001', source: 'result' });
    expect(String(fields.device)).toMatch(/^web /);
    expect(asked).toEqual(['?booking_id=b-7']);
  });

  it('posts to CHAT_HANDOFF_URL when the server names one', async () => {
    vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
    mockFetch({
      [chatAvailabilityPaths.availability]: () =>
        jsonResponse({ ...open, handoff_url: 'https://support.example.com/chat' }),
    });
    page('/chatbot?source=footer');
    const form = (await screen.findByTestId('chatbot-form')) as HTMLFormElement;
    expect(form.getAttribute('action')).toBe('https://support.example.com/chat');
    expect(new FormData(form).get('booking')).toBe('');
  });

  it('closed now: says so and when it opens, and posts nothing', async () => {
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
    mockFetch({
      [chatAvailabilityPaths.availability]: () =>
        jsonResponse({ ...open, chat: false, opens_at: new Date(Date.now() + 3_600_000).toISOString() }),
    });
    page('/chatbot?source=footer');
    expect(await screen.findByText('Chat is closed now.')).toBeInTheDocument();
    expect(screen.getByTestId('chat-opens-at')).toHaveTextContent(/^Chat opens /);
    expect(screen.queryByTestId('chatbot-form')).not.toBeInTheDocument();
    expect(submit).not.toHaveBeenCalled();
  });

  it('HIDE_CHAT or no chat for the reader: not available here', async () => {
    const fetch = mockFetch({});
    page('/chatbot', { switches: { write_to_us: true, call_us: true, chat: false } });
    expect(await screen.findByText('Chat is not available here at the moment.')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('every text is written in all seven languages (not left in English)', () => {
    const keys = ['chatWithUs', 'chatWithAgent', 'opensAt', 'opensOn'] as const;
    const pageKeys = ['title', 'opening', 'continue', 'closed', 'unavailable'] as const;
    for (const file of [hi, kn, ta, te, fr, nl]) {
      for (const key of keys) {
        expect(file.chatAvailability[key]).toBeTruthy();
        expect(file.chatAvailability[key]).not.toBe(en.chatAvailability[key]);
      }
      for (const key of pageKeys) expect(file.chatbot[key]).not.toBe(en.chatbot[key]);
      expect(file.chatAvailability.opensOn).toContain('{day}');
      expect(file.chatAvailability.opensOn).toContain('{time}');
    }
  });
});
