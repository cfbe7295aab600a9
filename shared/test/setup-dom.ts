import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// antd renders slowly under jsdom: give async queries room before they call it a failure.
configure({ asyncUtilTimeout: 5000 });
