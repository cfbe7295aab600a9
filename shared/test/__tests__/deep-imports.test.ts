/** @jest-environment node */
import { createRequire } from 'node:module';

const load = createRequire(__filename);
const { deepImports } = load('../deep-imports-transform.cjs') as { deepImports: (source: string) => string };

describe('jest reads imports from antd and the icons as imports of their own modules', () => {
  test('components and icons, aliases included, come from their modules; types and unknown names stay', () => {
    const source = [
      "import { Button, DatePicker as Picker, type FormInstance, notAComponent } from 'antd';",
      "import { PlusOutlined, createFromIconfontCN } from '@ant-design/icons';",
      "import { useState } from 'react';",
    ].join('\n');
    expect(deepImports(source).split('\n')).toEqual([
      "import { type FormInstance, notAComponent } from 'antd'; import Button from 'antd/lib/button'; import Picker from 'antd/lib/date-picker';",
      "import { createFromIconfontCN } from '@ant-design/icons'; import PlusOutlined from '@ant-design/icons/lib/icons/PlusOutlined';",
      "import { useState } from 'react';",
    ]);
  });

  test('each module is the one the index re-exports', () => {
    const antd = load('antd');
    const icons = load('@ant-design/icons');
    expect(load('antd/lib/date-picker').default).toBe(antd.DatePicker);
    expect(load('antd/lib/typography').default).toBe(antd.Typography);
    expect(load('@ant-design/icons/lib/icons/PlusOutlined').default).toBe(icons.PlusOutlined);
  });

  test('a file without those imports is left as it is', () => {
    const source = "import type { TableColumnsType } from 'antd';\nconst a = 1;\n";
    expect(deepImports(source)).toBe(source);
  });
});
