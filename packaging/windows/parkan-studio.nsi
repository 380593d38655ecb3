; The Windows installer (NSIS 3), beside the .deb's staging in packaging/build.sh. NOT BUILT OR
; TESTED HERE: no machine this project runs on has the Windows target or makensis. A Windows
; runner builds it as docs/packaging.md "Windows" says:
;   cargo build --release --locked
;   target\release\parkan-studio.exe write-shell-files target\package\shell
;   python packaging\third_party_licenses.py x86_64-pc-windows-msvc target\package\THIRD-PARTY-LICENSES.md
;   makensis /DVERSION=0.1.0 /DSRC=%CD% /DTHIRD_PARTY=%CD%\target\package\THIRD-PARTY-LICENSES.md packaging\windows\parkan-studio.nsi
; It installs for all users (Program Files, HKLM), with the same file associations that
; `parkan-studio install-desktop` writes for one user (src/cli/desktop_windows.rs): an
; "Open with" entry for extensions other programs share (.lib, .msh, .geom), and the default
; for the ones that are ours alone (.rlb, .wea, .parkanmod).

Unicode true
!ifndef VERSION
  !error "makensis /DVERSION=x.y.z /DSRC=<repository> /DTHIRD_PARTY=<THIRD-PARTY-LICENSES.md> parkan-studio.nsi"
!endif
!define EXE "parkan-studio.exe"
!define UNINST_KEY "Software\Microsoft\Windows\CurrentVersion\Uninstall\ParkanStudio"

Name "Parkan Studio ${VERSION}"
OutFile "${SRC}\target\package\parkan-studio-${VERSION}-x86_64-windows-setup.exe"
InstallDir "$PROGRAMFILES64\Parkan Studio"
InstallDirRegKey HKLM "Software\ParkanStudio" "InstallDir"
RequestExecutionLevel admin
SetCompressor /SOLID lzma

!include "MUI2.nsh"
!insertmacro MUI_PAGE_LICENSE "${SRC}\LICENSE-MIT"
!insertmacro MUI_PAGE_DIRECTORY
!insertmacro MUI_PAGE_INSTFILES
!insertmacro MUI_UNPAGE_CONFIRM
!insertmacro MUI_UNPAGE_INSTFILES
!insertmacro MUI_LANGUAGE "English"

; One ProgID: its name, the open command and the icon (the .exe's own, from build/windows.rs).
!macro ProgId ID NAME
  WriteRegStr HKLM "Software\Classes\${ID}" "" "${NAME}"
  WriteRegStr HKLM "Software\Classes\${ID}\DefaultIcon" "" '"$INSTDIR\${EXE}",0'
  WriteRegStr HKLM "Software\Classes\${ID}\shell\open\command" "" '"$INSTDIR\${EXE}" "%1"'
!macroend
!macro OpenWith EXT ID
  WriteRegStr HKLM "Software\Classes\${EXT}\OpenWithProgids" "${ID}" ""
  WriteRegStr HKLM "Software\Classes\Applications\${EXE}\SupportedTypes" "${EXT}" ""
!macroend
!macro Default EXT ID
  !insertmacro OpenWith "${EXT}" "${ID}"
  WriteRegStr HKLM "Software\Classes\${EXT}" "" "${ID}"
!macroend

Section "Parkan Studio"
  SetOutPath "$INSTDIR"
  File "${SRC}\target\release\${EXE}"
  File "${SRC}\README.md"
  File "${SRC}\LICENSE-MIT"
  File "${SRC}\LICENSE-APACHE"
  File "${THIRD_PARTY}"
  SetOutPath "$INSTDIR\completions"
  File "${SRC}\target\package\shell\completions\_parkan-studio.ps1"

  !insertmacro ProgId "ParkanStudio.Archive" "Parkan archive"
  !insertmacro ProgId "ParkanStudio.Wear" "Parkan WEAR material table"
  !insertmacro ProgId "ParkanStudio.Geom" "S.T.A.L.K.E.R. level geometry"
  !insertmacro ProgId "ParkanStudio.Mod" "Parkan Studio mod package"
  !insertmacro OpenWith ".lib" "ParkanStudio.Archive"
  !insertmacro OpenWith ".msh" "ParkanStudio.Archive"
  !insertmacro Default ".rlb" "ParkanStudio.Archive"
  !insertmacro Default ".wea" "ParkanStudio.Wear"
  !insertmacro OpenWith ".geom" "ParkanStudio.Geom"
  !insertmacro Default ".parkanmod" "ParkanStudio.Mod"
  WriteRegStr HKLM "Software\Classes\Applications\${EXE}\shell\open\command" "" '"$INSTDIR\${EXE}" "%1"'
  WriteRegStr HKLM "Software\Classes\Applications\${EXE}" "FriendlyAppName" "Parkan Studio"
  ; SHChangeNotify(SHCNE_ASSOCCHANGED): Explorer redraws icons and "Open with" now.
  System::Call 'shell32::SHChangeNotify(i 0x08000000, i 0, p 0, p 0)'

  CreateShortcut "$SMPROGRAMS\Parkan Studio.lnk" "$INSTDIR\${EXE}"
  WriteRegStr HKLM "Software\ParkanStudio" "InstallDir" "$INSTDIR"
  WriteUninstaller "$INSTDIR\uninstall.exe"
  WriteRegStr HKLM "${UNINST_KEY}" "DisplayName" "Parkan Studio"
  WriteRegStr HKLM "${UNINST_KEY}" "DisplayVersion" "${VERSION}"
  WriteRegStr HKLM "${UNINST_KEY}" "DisplayIcon" '"$INSTDIR\${EXE}",0'
  WriteRegStr HKLM "${UNINST_KEY}" "Publisher" "The Parkan Studio contributors"
  WriteRegStr HKLM "${UNINST_KEY}" "UninstallString" '"$INSTDIR\uninstall.exe"'
  WriteRegDWORD HKLM "${UNINST_KEY}" "NoModify" 1
  WriteRegDWORD HKLM "${UNINST_KEY}" "NoRepair" 1
SectionEnd

; A default is taken back only while it still names our ProgID.
!macro UnDefault EXT ID
  ReadRegStr $0 HKLM "Software\Classes\${EXT}" ""
  StrCmp $0 "${ID}" 0 +2
    DeleteRegValue HKLM "Software\Classes\${EXT}" ""
  DeleteRegValue HKLM "Software\Classes\${EXT}\OpenWithProgids" "${ID}"
!macroend

Section "Uninstall"
  !insertmacro UnDefault ".lib" "ParkanStudio.Archive"
  !insertmacro UnDefault ".msh" "ParkanStudio.Archive"
  !insertmacro UnDefault ".rlb" "ParkanStudio.Archive"
  !insertmacro UnDefault ".wea" "ParkanStudio.Wear"
  !insertmacro UnDefault ".geom" "ParkanStudio.Geom"
  !insertmacro UnDefault ".parkanmod" "ParkanStudio.Mod"
  DeleteRegKey HKLM "Software\Classes\ParkanStudio.Archive"
  DeleteRegKey HKLM "Software\Classes\ParkanStudio.Wear"
  DeleteRegKey HKLM "Software\Classes\ParkanStudio.Geom"
  DeleteRegKey HKLM "Software\Classes\ParkanStudio.Mod"
  DeleteRegKey HKLM "Software\Classes\Applications\${EXE}"
  System::Call 'shell32::SHChangeNotify(i 0x08000000, i 0, p 0, p 0)'
  Delete "$SMPROGRAMS\Parkan Studio.lnk"
  Delete "$INSTDIR\${EXE}"
  Delete "$INSTDIR\README.md"
  Delete "$INSTDIR\LICENSE-MIT"
  Delete "$INSTDIR\LICENSE-APACHE"
  Delete "$INSTDIR\THIRD-PARTY-LICENSES.md"
  Delete "$INSTDIR\completions\_parkan-studio.ps1"
  RMDir "$INSTDIR\completions"
  Delete "$INSTDIR\uninstall.exe"
  RMDir "$INSTDIR"
  DeleteRegKey HKLM "Software\ParkanStudio"
  DeleteRegKey HKLM "${UNINST_KEY}"
SectionEnd
