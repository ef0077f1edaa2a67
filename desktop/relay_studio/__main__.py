from relay_studio.cli import main

raise SystemExit(main())
