// The federation runtime must negotiate shared modules before any of them is used.
void import('./bootstrap');
