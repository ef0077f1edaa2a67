; Inno Setup 6 script for Relay Studio's Windows installer.
;
;   iscc /DAppVersion=0.1.0 /DSourceDir=build\packaging\pyinstaller\dist\relay-studio ^
;        /DOutputDir=dist /DIconFile=build\packaging\icons\relay-studio.ico packaging\windows\relay-studio.iss
;
; (packaging\build.py windows passes exactly these.) It installs per user by default (no admin
; rights needed; the creator may choose "all users"), adds a Start-menu entry and an uninstaller,
; and never touches %LOCALAPPDATA%\RelayStudio\relay-studio, where chats, runs and settings live:
; upgrading or uninstalling keeps them.

#ifndef AppVersion
  #error Pass /DAppVersion=X.Y.Z (packaging\build.py does)
#endif
#ifndef SourceDir
  #error Pass /DSourceDir=<the PyInstaller onedir folder>
#endif
#ifndef OutputDir
  #define OutputDir "..\..\dist"
#endif
#ifndef IconFile
  #define IconFile "..\..\build\packaging\icons\relay-studio.ico"
#endif

[Setup]
; The AppId ties upgrades and the uninstaller together: never change it.
AppId={{6F1C9B52-7E3A-4C1D-9A57-2B8E4D0F3A61}
AppName=Relay Studio
AppVersion={#AppVersion}
AppVerName=Relay Studio {#AppVersion}
AppPublisher=Relay Studio
DefaultDirName={autopf}\Relay Studio
DefaultGroupName=Relay Studio
DisableProgramGroupPage=yes
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=dialog
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
OutputDir={#OutputDir}
OutputBaseFilename=RelayStudio-{#AppVersion}-windows-x64-setup
SetupIconFile={#IconFile}
UninstallDisplayIcon={app}\relay-studio-gui.exe
UninstallDisplayName=Relay Studio
Compression=lzma2/max
SolidCompression=yes
WizardStyle=modern
CloseApplications=yes
; the same bytes for the same input: no build time in the version info
VersionInfoVersion={#AppVersion}
VersionInfoProductName=Relay Studio

[Languages]
Name: "english"; MessagesFile: "compiler:Default.isl"

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[InstallDelete]
; an upgrade replaces the whole program folder (old libraries must not linger); user data is elsewhere
Type: filesandordirs; Name: "{app}\_internal"

[Files]
Source: "{#SourceDir}\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{autoprograms}\Relay Studio"; Filename: "{app}\relay-studio-gui.exe"; WorkingDir: "{app}"; Comment: "Write with several AI agents"
Name: "{autodesktop}\Relay Studio"; Filename: "{app}\relay-studio-gui.exe"; WorkingDir: "{app}"; Tasks: desktopicon

[Run]
Filename: "{app}\relay-studio-gui.exe"; Description: "{cm:LaunchProgram,Relay Studio}"; Flags: nowait postinstall skipifsilent

[UninstallDelete]
; only what the installer put in {app}; %LOCALAPPDATA%\RelayStudio (the creator's data) is kept
Type: filesandordirs; Name: "{app}\_internal"
