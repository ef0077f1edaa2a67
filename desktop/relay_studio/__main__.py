from relay_studio.launch import main

raise SystemExit(main())
