from kvscope.backend.cli import main

raise SystemExit(main())
