import { render, screen, waitFor } from '@testing-library/react';
import { useSession } from '@canteiro/shared/core';
import { serve } from '../../../../shared/test/network';
import { Avatar } from '../avatar';
import { avatarColor } from '../user-display';

const user = {
  id: 7,
  email: 'helena@canteiro.test',
  username: 'helena',
  profile_picture: '/api/users/7/picture?v=abc',
  permission_set: { value: 'admin' as const, label: 'Administrador' },
};

describe('the avatar (spec §2)', () => {
  it('loads an API picture with the session token and shows it', async () => {
    useSession.getState().signIn('secret-token', user);
    const requests: Request[] = [];
    // The network is replaced to see the request the avatar makes; jsdom has no object URLs.
    serve((request) => {
      requests.push(request);
      return new Response(new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' }));
    });
    URL.createObjectURL = jest.fn(() => 'blob:avatar');
    URL.revokeObjectURL = jest.fn();

    const { container } = render(<Avatar user={user} />);
    expect(screen.getByTestId('avatar-initial')).toHaveTextContent('H');
    await waitFor(() => expect(container.querySelector('img')).toHaveAttribute('src', 'blob:avatar'));
    expect(new URL(requests[0]!.url).pathname).toBe('/api/users/7/picture');
    expect(requests[0]!.headers.get('Authorization')).toBe('Token secret-token');
  });

  it('shows the initial when the picture cannot be loaded', async () => {
    useSession.getState().signIn('secret-token', user);
    const answered = jest.fn(() => new Response('{}', { status: 404 }));
    serve(answered);
    render(<Avatar user={user} />);
    await waitFor(() => expect(answered).toHaveBeenCalled());
    expect(screen.getByTestId('avatar-initial')).toHaveTextContent('H');
  });
});

describe('the avatar colour', () => {
  it("is the user's own colour from the e-mail, not a draw, so a reload shows the same", () => {
    const random = jest.spyOn(Math, 'random');
    render(<Avatar user={{ ...user, email: 'reload@canteiro.test', profile_picture: null }} />);
    expect(screen.getByTestId('avatar-initial')).toHaveStyle({ background: avatarColor('reload@canteiro.test') });
    expect(random).not.toHaveBeenCalled();
    random.mockRestore();
  });
});
