import { useLocation, useNavigate } from 'react-router-dom';
import { loadHome } from '../../app/home-chunk';
import { LoginForm } from './login-form';

/** The login route inside the shell (after a sign-out, or a guard's redirect): the same form, the router's navigation. */
export default function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <LoginForm
      from={(location.state as { from?: string } | null)?.from}
      prepare={(to) => (to === '/home' ? loadHome() : undefined)}
      onSignedIn={({ to, state }) => navigate(to, { replace: true, state })}
    />
  );
}
