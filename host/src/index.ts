// The federation runtime must negotiate shared modules before any of them is used. The login
// page starts on its own, without antd or the router; the shell follows once the person starts
// on the form (docs/frontend.md, "Start path").
void (window.location.pathname === '/login' ? import('./login-start') : import('./bootstrap'));
