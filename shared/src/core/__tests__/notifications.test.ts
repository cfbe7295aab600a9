import { MAX_NOTIFICATIONS, NOTIFICATION_DURATION_MS } from '@canteiro/shared/domain';
import { notify, useNotifications } from '../notifications';

const messages = () => useNotifications.getState().items.map((item) => item.message);

describe('the notification queue (spec §9)', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    useNotifications.getState().items.forEach((item) => useNotifications.getState().dismiss(item.id));
  });
  afterEach(() => jest.useRealTimers());

  it('shows at most 5 at once, the oldest making room', () => {
    for (let index = 1; index <= 7; index++) notify.info(`message ${index}`);
    expect(MAX_NOTIFICATIONS).toBe(5);
    expect(messages()).toEqual(['message 3', 'message 4', 'message 5', 'message 6', 'message 7']);
  });

  it('avoids duplicates of a message still shown', () => {
    notify.error('Erro ao buscar os dados');
    notify.error('Erro ao buscar os dados');
    expect(messages()).toEqual(['Erro ao buscar os dados']);
  });

  it('hides each message after 5000 ms', () => {
    notify.success('saved');
    jest.advanceTimersByTime(NOTIFICATION_DURATION_MS - 1);
    expect(messages()).toEqual(['saved']);
    jest.advanceTimersByTime(1);
    expect(messages()).toEqual([]);
    expect(NOTIFICATION_DURATION_MS).toBe(5000);
  });

  it('shows the same message again once the first has gone', () => {
    notify.success('saved');
    jest.advanceTimersByTime(NOTIFICATION_DURATION_MS);
    notify.success('saved');
    expect(messages()).toEqual(['saved']);
  });
});
