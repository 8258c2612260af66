/**
 * Every Mantine stylesheet the client uses, whole: what a lazily loaded screen other than the work
 * screen loads with its code (lazy-screen.ts), so that a new screen may use any Mantine component
 * without a list of its own. In the `mantine` cascade layer like first-screens.ts; @mantine/core's
 * sheet comes before the other packages', as Mantine requires.
 */
import '@mantine/core/styles.layer.css';
import '@mantine/dates/styles.layer.css';
