from kvscope.backend.demo import main

raise SystemExit(main())
