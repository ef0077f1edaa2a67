<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de" sourcelanguage="en">
<context>
    <name>BranchesView</name>
    <message>
        <source>Original run</source>
        <translation>Ursprünglicher Durchlauf</translation>
    </message>
    <message>
        <source>Fork from stage %1</source>
        <translation>Abzweigung ab Stufe %1</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>Vergleichen</translation>
    </message>
    <message>
        <source>Compare this branch&apos;s answer and output/ files with the run it came from</source>
        <translation>Die Antwort und die output/-Dateien dieses Zweigs mit dem Durchlauf vergleichen, aus dem er stammt</translation>
    </message>
</context>
<context>
    <name>BriefDialog</name>
    <message>
        <source>The brief before it is handed on</source>
        <translation>Die Übergabenotiz, bevor sie übergeben wird</translation>
    </message>
    <message>
        <source>%1 hands the work to %2 with this brief. Change what you want; the run waits until you hand it on.</source>
        <translation>%1 übergibt die Arbeit mit dieser Übergabenotiz an %2. Ändere, was du willst; der Durchlauf wartet, bis du sie übergibst.</translation>
    </message>
    <message>
        <source>Title</source>
        <translation>Titel</translation>
    </message>
    <message>
        <source>Objective</source>
        <translation>Ziel</translation>
    </message>
    <message>
        <source>Why now</source>
        <translation>Warum jetzt</translation>
    </message>
    <message>
        <source>What has been done</source>
        <translation>Was getan wurde</translation>
    </message>
    <message>
        <source>What to preserve (one a line)</source>
        <translation>Was erhalten bleiben muss (eins pro Zeile)</translation>
    </message>
    <message>
        <source>When it is done (one a line)</source>
        <translation>Wann es fertig ist (eins pro Zeile)</translation>
    </message>
    <message>
        <source>Files to read (one a line)</source>
        <translation>Zu lesende Dateien (eine pro Zeile)</translation>
    </message>
    <message>
        <source>The objective is required: say what the next agent must achieve.</source>
        <translation>Das Ziel ist nötig: Sag, was der nächste Agent erreichen soll.</translation>
    </message>
    <message>
        <source>Keep the agent&apos;s brief</source>
        <translation>Notiz des Agenten behalten</translation>
    </message>
    <message>
        <source>Hands on the brief as the agent wrote it</source>
        <translation>Übergibt die Übergabenotiz so, wie der Agent sie geschrieben hat</translation>
    </message>
    <message>
        <source>Hand on</source>
        <translation>Übergeben</translation>
    </message>
</context>
<context>
    <name>BuiltinAgents</name>
    <message>
        <source>Checks a draft against the story library and reports what contradicts it.</source>
        <translation>Prüft einen Entwurf gegen die Story-Bibliothek und meldet, was ihr widerspricht.</translation>
    </message>
    <message>
        <source>Reads a chapter against the canon and reports what contradicts it, quoting both.</source>
        <translation>Liest ein Kapitel gegen den Kanon und meldet, was ihm widerspricht, mit beiden Zitaten.</translation>
    </message>
    <message>
        <source>Reads the story library and the creator&apos;s documents, has every draft checked by a consistency reviewer before writing it, and writes entries and texts only as changes the creator approves.</source>
        <translation>Liest die Story-Bibliothek und die Dokumente der Autorin oder des Autors, lässt jeden Entwurf vor dem Schreiben von einem Konsistenzprüfer prüfen und schreibt Einträge und Texte nur als Änderungen, die du genehmigst.</translation>
    </message>
    <message>
        <source>Revises a draft for structure, clarity and voice.</source>
        <translation>Überarbeitet einen Entwurf auf Aufbau, Klarheit und Stimme.</translation>
    </message>
    <message>
        <source>Answers questions about your story library, knowledge and files; changes nothing.</source>
        <translation>Beantwortet Fragen zu deiner Story-Bibliothek, deinem Wissen und deinen Dateien; ändert nichts.</translation>
    </message>
    <message>
        <source>Polishes prose, commits the final message and finishes the run.</source>
        <translation>Schleift den Text, übernimmt die endgültige Nachricht und beendet den Durchlauf.</translation>
    </message>
    <message>
        <source>Looks up facts, names and background in the workspace notes and reports back.</source>
        <translation>Sucht Fakten, Namen und Hintergründe in den Notizen des Arbeitsbereichs und berichtet zurück.</translation>
    </message>
    <message>
        <source>Answers rules questions and reviews balance with citations from the creator&apos;s rulebooks.</source>
        <translation>Beantwortet Regelfragen und prüft die Balance, mit Zitaten aus deinen Regelwerken.</translation>
    </message>
    <message>
        <source>Writes a Skill (standing instructions for the project&apos;s agents) from what the creator wants, and proposes it.</source>
        <translation>Schreibt aus deinen Wünschen einen Skill (dauerhafte Anweisungen für die Agenten des Projekts) und schlägt ihn vor.</translation>
    </message>
    <message>
        <source>Drafts the scene or chapter the creator asks for.</source>
        <translation>Entwirft die Szene oder das Kapitel, um das du bittest.</translation>
    </message>
</context>
<context>
    <name>CallProgress</name>
    <message>
        <source>this server sends the answer at once</source>
        <translation>dieser Server sendet die Antwort auf einmal</translation>
    </message>
    <message>
        <source>about %1 tokens written</source>
        <translation>etwa %1 Tokens geschrieben</translation>
    </message>
    <message>
        <source>reading your prompt (%1 of %2 tokens)</source>
        <translation>liest deinen Prompt (%1 von %2 Tokens)</translation>
    </message>
    <message>
        <source>your prompt is read (%1 tokens), waiting for the first token</source>
        <translation>dein Prompt ist gelesen (%1 Tokens), warte auf das erste Token</translation>
    </message>
    <message>
        <source>waiting for the first token</source>
        <translation>warte auf das erste Token</translation>
    </message>
</context>
<context>
    <name>CanonModel</name>
    <message>
        <source>pinned</source>
        <translation>angeheftet</translation>
    </message>
    <message>
        <source>proposed</source>
        <translation>vorgeschlagen</translation>
    </message>
    <message>
        <source>active</source>
        <translation>gültig</translation>
    </message>
    <message>
        <source>retired</source>
        <translation>zurückgezogen</translation>
    </message>
    <message>
        <source>rejected</source>
        <translation>abgelehnt</translation>
    </message>
    <message>
        <source>Handle</source>
        <translation>Kürzel</translation>
    </message>
    <message>
        <source>Fact</source>
        <translation>Fakt</translation>
    </message>
    <message>
        <source>About</source>
        <translation>Betrifft</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
</context>
<context>
    <name>CanonView</name>
    <message>
        <source>New fact</source>
        <translation>Neuer Fakt</translation>
    </message>
    <message>
        <source>Pin</source>
        <translation>Anheften</translation>
    </message>
    <message>
        <source>Retire</source>
        <translation>Zurückziehen</translation>
    </message>
    <message>
        <source>Accept</source>
        <translation>Annehmen</translation>
    </message>
    <message>
        <source>Reject</source>
        <translation>Ablehnen</translation>
    </message>
    <message>
        <source>Accept agents&apos; proposals at once</source>
        <translation>Vorschläge der Agenten sofort annehmen</translation>
    </message>
    <message>
        <source>Otherwise a fact an agent proposes waits here for you to accept or reject it.</source>
        <translation>Sonst wartet ein Fakt, den ein Agent vorschlägt, hier darauf, dass du ihn annimmst oder ablehnst.</translation>
    </message>
    <message>
        <source>Check continuity after each commit</source>
        <translation>Kontinuität nach jedem Festschreiben prüfen</translation>
    </message>
    <message>
        <source>After each commit in this project, the continuity rules read that chat and the status bar says what they found. They advise; they never stop a run.</source>
        <translation>Nach jedem Festschreiben in diesem Projekt lesen die Kontinuitätsregeln diesen Chat, und die Statusleiste sagt, was sie gefunden haben. Sie raten nur; sie halten nie einen Durchlauf an.</translation>
    </message>
    <message>
        <source>Canon</source>
        <translation>Kanon</translation>
    </message>
    <message>
        <source>One short statement, as every agent will read it</source>
        <translation>Eine kurze Aussage, so wie jeder Agent sie lesen wird</translation>
    </message>
    <message>
        <source>Story library entries, separated by commas</source>
        <translation>Einträge der Story-Bibliothek, durch Kommas getrennt</translation>
    </message>
    <message>
        <source>e.g. eyes</source>
        <translation>z. B. Augen</translation>
    </message>
    <message>
        <source>e.g. green</source>
        <translation>z. B. grün</translation>
    </message>
    <message>
        <source>from the start</source>
        <translation>von Anfang an</translation>
    </message>
    <message>
        <source>Pinned: in every prompt of the project</source>
        <translation>Angeheftet: in jedem Prompt des Projekts</translation>
    </message>
    <message>
        <source>Fact</source>
        <translation>Fakt</translation>
    </message>
    <message>
        <source>About</source>
        <translation>Betrifft</translation>
    </message>
    <message>
        <source>Attribute</source>
        <translation>Merkmal</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Wert</translation>
    </message>
    <message>
        <source>From chapter</source>
        <translation>Ab Kapitel</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>Speichern</translation>
    </message>
    <message numerus="yes">
        <source>Pinned: %n facts, about %1 tokens in every prompt of the project.</source>
        <translation>
            <numerusform>Angeheftet: %n Fakt, etwa %1 Tokens in jedem Prompt des Projekts.</numerusform>
            <numerusform>Angeheftet: %n Fakten, etwa %1 Tokens in jedem Prompt des Projekts.</numerusform>
        </translation>
    </message>
    <message>
        <source>Last checked after a commit at %1: nothing found.</source>
        <translation>Zuletzt nach einer Festschreibung um %1 geprüft: nichts gefunden.</translation>
    </message>
    <message>
        <source>Last checked after a commit at %1: %2 findings (Chat → Check continuity…).</source>
        <translation>Zuletzt nach einer Festschreibung um %1 geprüft: %2 Befunde (Chat → Kontinuität prüfen…).</translation>
    </message>
    <message>
        <source>From: “%1” (added by %2)</source>
        <translation>Aus: „%1“ (hinzugefügt von %2)</translation>
    </message>
    <message>
        <source>From the chat: “%1”</source>
        <translation>Aus dem Chat: „%1“</translation>
    </message>
    <message>
        <source>Saved as %1.</source>
        <translation>Als %1 gespeichert.</translation>
    </message>
    <message>
        <source>Unpin</source>
        <translation>Lösen</translation>
    </message>
    <message>
        <source>The setting could not be saved: %1</source>
        <translation>Die Einstellung konnte nicht gespeichert werden: %1</translation>
    </message>
</context>
<context>
    <name>CardInstructionsDialog</name>
    <message>
        <source>The card&apos;s instructions for “%1”</source>
        <translation>Die Anweisungen der Karte für „%1“</translation>
    </message>
    <message>
        <source>The character card tells the agent this. Whoever made the card wrote it: read it, change it or empty it before the agent follows it.</source>
        <translation>Das sagt die Charakterkarte dem Agenten. Geschrieben hat es, wer die Karte gemacht hat: Lies es, ändere es oder leere es, bevor der Agent ihm folgt.</translation>
    </message>
    <message>
        <source>System prompt of the card</source>
        <translation>Systemprompt der Karte</translation>
    </message>
    <message>
        <source>Post-history instructions (after the chat, every turn)</source>
        <translation>Anweisungen nach dem Verlauf (nach dem Chat, in jedem Zug)</translation>
    </message>
    <message>
        <source>Create the agent</source>
        <translation>Agent anlegen</translation>
    </message>
</context>
<context>
    <name>CastPortrait</name>
    <message>
        <source>narrator</source>
        <translation>Erzähler</translation>
    </message>
    <message>
        <source>here</source>
        <translation>anwesend</translation>
    </message>
    <message>
        <source>away</source>
        <translation>abwesend</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>%1 speaks with: %2
Click: %1 speaks next. Right-click: enter or leave the scene.</source>
        <translation>%1 spricht mit: %2
Klick: %1 spricht als Nächstes. Rechtsklick: die Szene betreten oder verlassen.</translation>
    </message>
</context>
<context>
    <name>ChatActions</name>
    <message>
        <source>&amp;Rename…</source>
        <translation>&amp;Umbenennen…</translation>
    </message>
    <message>
        <source>&amp;Duplicate</source>
        <translation>&amp;Duplizieren</translation>
    </message>
    <message>
        <source>&amp;Delete…</source>
        <translation>&amp;Löschen…</translation>
    </message>
    <message>
        <source>New &amp;exploration</source>
        <translation>Neue &amp;Erkundung</translation>
    </message>
    <message>
        <source>A chat where an agent reads your story library, knowledge and files and answers, changing nothing</source>
        <translation>Ein Chat, in dem ein Agent deine Story-Bibliothek, dein Wissen und deine Dateien liest und antwortet, ohne etwas zu ändern</translation>
    </message>
    <message>
        <source>&amp;Import SillyTavern chat…</source>
        <translation>SillyTavern-Chat &amp;importieren…</translation>
    </message>
    <message>
        <source>Make chats of this project from SillyTavern chat files (.jsonl), their swipes as versions</source>
        <translation>Aus SillyTavern-Chatdateien (.jsonl) Chats dieses Projekts machen, ihre Swipes als Versionen</translation>
    </message>
    <message>
        <source>E&amp;xport as SillyTavern chat…</source>
        <translation>Als SillyTavern-Chat e&amp;xportieren…</translation>
    </message>
    <message>
        <source>Write this chat as a SillyTavern chat file (.jsonl), its answers&apos; versions as swipes</source>
        <translation>Diesen Chat als SillyTavern-Chatdatei (.jsonl) schreiben, die Versionen seiner Antworten als Swipes</translation>
    </message>
    <message>
        <source>Rename…</source>
        <translation>Umbenennen…</translation>
    </message>
    <message>
        <source>Duplicate</source>
        <translation>Duplizieren</translation>
    </message>
    <message>
        <source>Import SillyTavern chat…</source>
        <translation>SillyTavern-Chat importieren…</translation>
    </message>
    <message>
        <source>Export as SillyTavern chat…</source>
        <translation>Als SillyTavern-Chat exportieren…</translation>
    </message>
    <message>
        <source>Delete…</source>
        <translation>Löschen…</translation>
    </message>
    <message>
        <source>A run is going in this chat; stop it before deleting the chat.</source>
        <translation>In diesem Chat läuft ein Durchlauf; beende ihn, bevor du den Chat löschst.</translation>
    </message>
    <message>
        <source>Delete chat</source>
        <translation>Chat löschen</translation>
    </message>
    <message numerus="yes">
        <source>Delete the chat “%1” and its messages? You can undo this for %n seconds. Its runs stay in the history.</source>
        <translation>
            <numerusform>Den Chat „%1“ und seine Nachrichten löschen? Du kannst das %n Sekunde lang rückgängig machen. Seine Durchläufe bleiben im Verlauf.</numerusform>
            <numerusform>Den Chat „%1“ und seine Nachrichten löschen? Du kannst das %n Sekunden lang rückgängig machen. Seine Durchläufe bleiben im Verlauf.</numerusform>
        </translation>
    </message>
    <message>
        <source>Chat “%1” deleted.</source>
        <translation>Chat „%1“ gelöscht.</translation>
    </message>
    <message>
        <source>Import SillyTavern chats</source>
        <translation>SillyTavern-Chats importieren</translation>
    </message>
    <message>
        <source>SillyTavern chats (*.jsonl);;All files (*)</source>
        <translation>SillyTavern-Chats (*.jsonl);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Reading %1…</source>
        <translation>Lese %1…</translation>
    </message>
    <message>
        <source>Imported %1 as the chat “%2”.</source>
        <translation>%1 als Chat „%2“ importiert.</translation>
    </message>
    <message>
        <source>Removed %1 hidden characters (the file keeps them).</source>
        <translation>%1 versteckte Zeichen entfernt (die Datei behält sie).</translation>
    </message>
    <message>
        <source>Export as SillyTavern chat</source>
        <translation>Als SillyTavern-Chat exportieren</translation>
    </message>
    <message>
        <source>⚠ %1 could not be written: %2</source>
        <translation>⚠ %1 konnte nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>Wrote the chat to %1.</source>
        <translation>Chat nach %1 geschrieben.</translation>
    </message>
</context>
<context>
    <name>ChatNavigation</name>
    <message>
        <source>New project</source>
        <translation>Neues Projekt</translation>
    </message>
    <message>
        <source>Name of the new project:</source>
        <translation>Name des neuen Projekts:</translation>
    </message>
    <message>
        <source>Rename project</source>
        <translation>Projekt umbenennen</translation>
    </message>
    <message>
        <source>New name for “%1”:</source>
        <translation>Neuer Name für „%1“:</translation>
    </message>
    <message>
        <source>Chat</source>
        <translation>Chat</translation>
    </message>
</context>
<context>
    <name>ChatView</name>
    <message>
        <source>Exploration · read only</source>
        <translation>Erkundung · nur lesen</translation>
    </message>
    <message>
        <source>The agent here reads your story library, knowledge and files and answers in the chat. It cannot change anything: every write is refused.</source>
        <translation>Der Agent liest hier deine Story-Bibliothek, dein Wissen und deine Dateien und antwortet im Chat. Er kann nichts ändern: Jeder Schreibversuch wird abgelehnt.</translation>
    </message>
    <message numerus="yes">
        <source>Show earlier messages (%n more)</source>
        <translation>
            <numerusform>Eine frühere Nachricht zeigen (%n weitere)</numerusform>
            <numerusform>Frühere Nachrichten zeigen (%n weitere)</numerusform>
        </translation>
    </message>
    <message>
        <source>Nothing here yet. Write how the scene opens below and press Ctrl+Enter: the character you picked in the cast, or the first one, speaks. /as Name gives someone the turn.</source>
        <translation>Noch nichts hier. Schreibe unten, wie die Szene beginnt, und drücke Strg+Enter: Die Figur, die du in der Besetzung gewählt hast, oder die erste spricht. /as Name gibt jemandem den Zug.</translation>
    </message>
    <message>
        <source>Nothing here yet. Ask about your story library, knowledge and files below; the explorer answers and changes nothing.</source>
        <translation>Noch nichts hier. Frag unten nach deiner Story-Bibliothek, deinem Wissen und deinen Dateien; der Explorer antwortet und ändert nichts.</translation>
    </message>
    <message>
        <source>The project “%1” is new: its chats, story library, knowledge and Skills are its own. Add its characters and places under Story library and its documents under Knowledge (Library, Ctrl+L), then write what you want below and press Ctrl+Enter.</source>
        <translation>Das Projekt „%1“ ist neu: Seine Chats, seine Story-Bibliothek, sein Wissen und seine Skills gehören ihm allein. Lege seine Figuren und Orte unter Story-Bibliothek und seine Dokumente unter Wissen an (Bibliothek, Strg+L), dann schreib unten, was du möchtest, und drück Strg+Eingabe.</translation>
    </message>
    <message>
        <source>Nothing here yet. Write what you want below and press Ctrl+Enter: the agent picked under the message starts and passes the work along. Start with @editor (or another agent&apos;s name) to pick who starts.</source>
        <translation>Noch nichts hier. Schreib unten, was du möchtest, und drücke Strg+Eingabe: der unter der Nachricht gewählte Agent beginnt und gibt die Arbeit weiter. Beginne mit @editor (oder dem Namen eines anderen Agenten), um zu wählen, wer anfängt.</translation>
    </message>
    <message>
        <source>The last request was longer than the agent&apos;s model can hold (its server said so). Hand off to a new chat that starts from a summary of this one.</source>
        <translation>Die letzte Anfrage war länger, als das Modell des Agenten fassen kann (sein Server meldet das). Übergib an einen neuen Chat, der mit einer Zusammenfassung dieses Chats beginnt.</translation>
    </message>
    <message>
        <source>%1 is helping on a side task</source>
        <translation>%1 hilft bei einer Nebenaufgabe</translation>
    </message>
    <message>
        <source>Calling %1…</source>
        <translation>Ruft %1 auf…</translation>
    </message>
    <message>
        <source>The model server %1; trying again in %2 (attempt %3)…</source>
        <translation>Der Modellserver %1; neuer Versuch in %2 (Versuch %3)…</translation>
    </message>
    <message>
        <source>Waiting for your approval of %1 on %2</source>
        <translation>Wartet auf deine Freigabe von %1 für %2</translation>
    </message>
    <message>
        <source>Waiting for your approval of %1</source>
        <translation>Wartet auf deine Freigabe von %1</translation>
    </message>
    <message>
        <source>could not be reached</source>
        <translation>war nicht erreichbar</translation>
    </message>
    <message>
        <source>stopped answering</source>
        <translation>antwortet nicht mehr</translation>
    </message>
    <message>
        <source>asked to wait</source>
        <translation>bittet zu warten</translation>
    </message>
    <message>
        <source>answered with an error</source>
        <translation>hat mit einem Fehler geantwortet</translation>
    </message>
    <message>
        <source>did not answer (%1)</source>
        <translation>hat nicht geantwortet (%1)</translation>
    </message>
    <message>
        <source>%1 is calling %2…</source>
        <translation>%1 ruft %2 auf…</translation>
    </message>
    <message>
        <source>no match</source>
        <translation>kein Treffer</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 von %2</translation>
    </message>
</context>
<context>
    <name>CodexView</name>
    <message>
        <source>New entry</source>
        <translation>Neuer Eintrag</translation>
    </message>
    <message>
        <source>A new entry of the type chosen in the list (a character when none is)</source>
        <translation>Ein neuer Eintrag vom in der Liste gewählten Typ (eine Figur, wenn keiner gewählt ist)</translation>
    </message>
    <message>
        <source>Import…</source>
        <translation>Importieren…</translation>
    </message>
    <message>
        <source>Import SillyTavern character cards (PNG, JSON, CHARX), World Info JSON or entry files into this project&apos;s story library</source>
        <translation>SillyTavern-Charakterkarten (PNG, JSON, CHARX), World-Info-JSON oder Eintragsdateien in die Story-Bibliothek dieses Projekts importieren</translation>
    </message>
    <message>
        <source>Export World Info…</source>
        <translation>World Info exportieren…</translation>
    </message>
    <message>
        <source>Write this project&apos;s entries as a SillyTavern World Info file</source>
        <translation>Die Einträge dieses Projekts als SillyTavern-World-Info-Datei schreiben</translation>
    </message>
    <message>
        <source>Story library entries</source>
        <translation>Einträge der Story-Bibliothek</translation>
    </message>
    <message>
        <source>Entry</source>
        <extracomment>more changed rows than this are told as one change of the layout: a tree told of a range of rows measures every row of it (1,000 on a book: 40 to 50 ms on the GUI thread), after a layout change only those it shows</extracomment>
        <translation>Eintrag</translation>
    </message>
    <message>
        <source>Mentions</source>
        <translation>Erwähnungen</translation>
    </message>
    <message>
        <source>Messages of this project&apos;s chats that mention the entry (its name or an alias)</source>
        <translation>Nachrichten in den Chats dieses Projekts, die den Eintrag erwähnen (Name oder ein anderer Name)</translation>
    </message>
    <message>
        <source>Also called %1</source>
        <translation>Auch genannt: %1</translation>
    </message>
    <message>
        <source>Saved to %1.</source>
        <translation>Gespeichert in %1.</translation>
    </message>
    <message>
        <source>Delete entry</source>
        <translation>Eintrag löschen</translation>
    </message>
    <message>
        <source>Delete “%1” and its file %2?</source>
        <translation>„%1“ und seine Datei %2 löschen?</translation>
    </message>
    <message>
        <source>Import into the story library</source>
        <translation>In die Story-Bibliothek importieren</translation>
    </message>
    <message>
        <source>Cards and World Info (*.png *.json *.charx *.md);;All files (*)</source>
        <translation>Karten und World Info (*.png *.json *.charx *.md);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Reading %1…</source>
        <translation>Lese %1…</translation>
    </message>
    <message>
        <source>Nothing was imported.</source>
        <translation>Es wurde nichts importiert.</translation>
    </message>
    <message>
        <source>Export World Info</source>
        <translation>World Info exportieren</translation>
    </message>
    <message>
        <source>World Info (*.json);;All files (*)</source>
        <translation>World Info (*.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>⚠ %1 could not be written: %2</source>
        <translation>⚠ %1 konnte nicht geschrieben werden: %2</translation>
    </message>
    <message numerus="yes">
        <source>Wrote %n entries to %1 as World Info.</source>
        <translation>
            <numerusform>%n Eintrag als World Info nach %1 geschrieben.</numerusform>
            <numerusform>%n Einträge als World Info nach %1 geschrieben.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CompareDialog</name>
    <message>
        <source>Compare branches</source>
        <translation>Zweige vergleichen</translation>
    </message>
    <message>
        <source>From %1 (−) to %2 (+)</source>
        <translation>Von %1 (−) zu %2 (+)</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <source>No changes.</source>
        <translation>Keine Änderungen.</translation>
    </message>
    <message>
        <source>Final message</source>
        <translation>Letzte Nachricht</translation>
    </message>
    <message>
        <source>Only in the fork.</source>
        <translation>Nur in der Abzweigung.</translation>
    </message>
    <message>
        <source>Only in the run it came from.</source>
        <translation>Nur im Durchlauf, aus dem sie stammt.</translation>
    </message>
</context>
<context>
    <name>Composer</name>
    <message>
        <source>A run is going in this chat. The agents at work can take your text as guidance now, or it can wait until the run ends.</source>
        <translation>In diesem Chat läuft ein Durchlauf. Die arbeitenden Agenten können deinen Text jetzt als Hinweis aufnehmen, oder er wartet, bis der Durchlauf endet.</translation>
    </message>
    <message>
        <source>Send as guidance</source>
        <translation>Als Hinweis senden</translation>
    </message>
    <message>
        <source>The agent at work reads it at its next step; the run goes on</source>
        <translation>Der arbeitende Agent liest ihn bei seinem nächsten Schritt; der Durchlauf geht weiter</translation>
    </message>
    <message>
        <source>Send when it ends</source>
        <translation>Nach dem Ende senden</translation>
    </message>
    <message>
        <source>Stop it and send</source>
        <translation>Beenden und senden</translation>
    </message>
    <message>
        <source>Keep editing</source>
        <translation>Weiter bearbeiten</translation>
    </message>
    <message>
        <source>Editing an earlier message: Send reruns it in a new branch of this chat, with the history before it; the original chat stays as it is.</source>
        <translation>Du bearbeitest eine frühere Nachricht: Senden führt sie in einem neuen Zweig dieses Chats erneut aus, mit dem Verlauf davor; der ursprüngliche Chat bleibt, wie er ist.</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>Nachricht</translation>
    </message>
    <message>
        <source>Agent</source>
        <translation>Agent</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Stopp</translation>
    </message>
    <message>
        <source>Stop the active run (Esc)</source>
        <translation>Den laufenden Durchlauf beenden (Esc)</translation>
    </message>
    <message>
        <source>Send</source>
        <translation>Senden</translation>
    </message>
    <message>
        <source>Send (Ctrl+Enter)</source>
        <translation>Senden (Strg+Eingabe)</translation>
    </message>
    <message>
        <source>The scene&apos;s direction, or /as Name…  (Enter: the next turn, Shift+Enter adds a line)</source>
        <translation>Regieanweisung der Szene, oder /as Name…  (Enter: nächster Zug, Umschalt+Enter: neue Zeile)</translation>
    </message>
    <message>
        <source>The scene&apos;s direction, or /as Name…  (Ctrl+Enter: the next turn)</source>
        <translation>Regieanweisung der Szene, oder /as Name…  (Strg+Enter: nächster Zug)</translation>
    </message>
    <message>
        <source>Ask about your story library, knowledge and files…  (Enter sends, Shift+Enter adds a line)</source>
        <translation>Frag nach deiner Story-Bibliothek, deinem Wissen und deinen Dateien…  (Eingabe sendet, Umschalt+Eingabe fügt eine Zeile ein)</translation>
    </message>
    <message>
        <source>Ask about your story library, knowledge and files…  (Ctrl+Enter sends)</source>
        <translation>Frag nach deiner Story-Bibliothek, deinem Wissen und deinen Dateien…  (Strg+Eingabe sendet)</translation>
    </message>
    <message>
        <source>Write to your agents…  (@editor picks an agent, Enter sends, Shift+Enter adds a line)</source>
        <translation>Schreib deinen Agenten…  (@editor wählt einen Agenten, Eingabe sendet, Umschalt+Eingabe für neue Zeile)</translation>
    </message>
    <message>
        <source>Write to your agents…  (@editor picks an agent, Ctrl+Enter sends)</source>
        <translation>Schreib deinen Agenten…  (@editor wählt einen Agenten, Strg+Eingabe sendet)</translation>
    </message>
    <message>
        <source>Send (Enter or Ctrl+Enter)</source>
        <translation>Senden (Eingabe oder Strg+Eingabe)</translation>
    </message>
    <message>
        <source>  (needs a model)</source>
        <translation>  (braucht ein Modell)</translation>
    </message>
    <message>
        <source>Sending when your chats are open…</source>
        <translation>Wird gesendet, sobald deine Chats geöffnet sind…</translation>
    </message>
</context>
<context>
    <name>ConnectionForm</name>
    <message>
        <source>Add a connection</source>
        <translation>Verbindung hinzufügen</translation>
    </message>
    <message>
        <source>Custom</source>
        <translation>Eigene</translation>
    </message>
    <message>
        <source>Preset</source>
        <translation>Vorlage</translation>
    </message>
    <message>
        <source>e.g. openai-main</source>
        <translation>z. B. openai-main</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>OpenAI-compatible</source>
        <translation>OpenAI-kompatibel</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <source>https://api.openai.com/v1 or http://127.0.0.1:8080/v1</source>
        <translation>https://api.openai.com/v1 oder http://127.0.0.1:8080/v1</translation>
    </message>
    <message>
        <source>Base URL</source>
        <translation>Basis-URL</translation>
    </message>
    <message>
        <source>the default model; List models asks the server</source>
        <translation>das Standardmodell; „Modelle abrufen“ fragt den Server</translation>
    </message>
    <message>
        <source>List models</source>
        <translation>Modelle abrufen</translation>
    </message>
    <message>
        <source>Ask the server which models it offers</source>
        <translation>Den Server fragen, welche Modelle er anbietet</translation>
    </message>
    <message>
        <source>Default model</source>
        <translation>Standardmodell</translation>
    </message>
    <message>
        <source>not needed for a server on this computer</source>
        <translation>für einen Server auf diesem Computer nicht nötig</translation>
    </message>
    <message>
        <source>API key</source>
        <translation>API-Schlüssel</translation>
    </message>
    <message>
        <source>Headers</source>
        <translation>Header</translation>
    </message>
    <message>
        <source>This computer has no keychain: keep API keys in a file only I can read</source>
        <translation>Dieser Computer hat keinen Schlüsselbund: API-Schlüssel in einer Datei speichern, die nur ich lesen kann</translation>
    </message>
    <message>
        <source>Add connection</source>
        <translation>Verbindung hinzufügen</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Leave the connection as it was</source>
        <translation>Die Verbindung so lassen, wie sie war</translation>
    </message>
    <message>
        <source>A connection &apos;%1&apos; already exists; remove it first or pick another name.</source>
        <translation>Eine Verbindung „%1“ gibt es schon; entferne sie zuerst oder wähle einen anderen Namen.</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not on this computer, so it needs an API key.</source>
        <translation>„%1“ ist nicht auf diesem Computer und braucht daher einen API-Schlüssel.</translation>
    </message>
    <message>
        <source>This computer has no keychain to keep the API key in. Tick the box above to keep keys in a file only you can read, or add the key later.</source>
        <translation>Dieser Computer hat keinen Schlüsselbund für den API-Schlüssel. Setze oben das Häkchen, um Schlüssel in einer Datei zu speichern, die nur du lesen kannst, oder füge den Schlüssel später hinzu.</translation>
    </message>
    <message>
        <source> Its secrets are in the system keychain.</source>
        <translation> Seine Geheimnisse liegen im Schlüsselbund des Systems.</translation>
    </message>
    <message>
        <source> Its secrets are in %1 (readable only by you).</source>
        <translation> Seine Geheimnisse liegen in %1 (nur für dich lesbar).</translation>
    </message>
    <message>
        <source> It is the default connection.</source>
        <translation> Sie ist die Standardverbindung.</translation>
    </message>
    <message>
        <source>Added connection &apos;%1&apos; (%2).</source>
        <translation>Verbindung „%1“ (%2) hinzugefügt.</translation>
    </message>
    <message>
        <source>Saved connection &apos;%1&apos; (%2, model %3).</source>
        <translation>Verbindung „%1“ (%2, Modell %3) gespeichert.</translation>
    </message>
    <message>
        <source>Saved connection &apos;%1&apos; (%2).</source>
        <translation>Verbindung „%1“ (%2) gespeichert.</translation>
    </message>
    <message>
        <source>Saved connection &apos;%1&apos;, but a removed header&apos;s value could not be forgotten: %2</source>
        <translation>Verbindung „%1“ gespeichert, aber der Wert eines entfernten Headers konnte nicht vergessen werden: %2</translation>
    </message>
    <message>
        <source>Edit &apos;%1&apos;</source>
        <translation>„%1“ bearbeiten</translation>
    </message>
    <message>
        <source>leave empty to keep the stored key</source>
        <translation>leer lassen, um den gespeicherten Schlüssel zu behalten</translation>
    </message>
    <message>
        <source>Save changes</source>
        <translation>Änderungen speichern</translation>
    </message>
    <message>
        <source>Asking %1 for its models…</source>
        <translation>Frage %1 nach seinen Modellen…</translation>
    </message>
    <message numerus="yes">
        <source>The server offers %n model(s); pick the default one and save the changes.</source>
        <translation>
            <numerusform>Der Server bietet %n Modell an; wähle das Standardmodell und speichere die Änderungen.</numerusform>
            <numerusform>Der Server bietet %n Modelle an; wähle das Standardmodell und speichere die Änderungen.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The server offers %n model(s); pick the default one and add the connection.</source>
        <translation>
            <numerusform>Der Server bietet %n Modell an; wähle das Standardmodell und füge die Verbindung hinzu.</numerusform>
            <numerusform>Der Server bietet %n Modelle an; wähle das Standardmodell und füge die Verbindung hinzu.</numerusform>
        </translation>
    </message>
    <message>
        <source>The server answers but lists no models; type the model&apos;s name.</source>
        <translation>Der Server antwortet, nennt aber keine Modelle; gib den Namen des Modells ein.</translation>
    </message>
</context>
<context>
    <name>ConnectionList</name>
    <message>
        <source>&lt;b&gt;Model connections&lt;/b&gt;</source>
        <translation>&lt;b&gt;Modellverbindungen&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Test</source>
        <translation>Testen</translation>
    </message>
    <message>
        <source>Send a one-token request and say whether the connection works</source>
        <translation>Eine Anfrage mit einem Token senden und melden, ob die Verbindung funktioniert</translation>
    </message>
    <message>
        <source>Edit</source>
        <translation>Bearbeiten</translation>
    </message>
    <message>
        <source>Change the connection&apos;s address, model, key or headers</source>
        <translation>Adresse, Modell, Schlüssel oder Header der Verbindung ändern</translation>
    </message>
    <message>
        <source>Make default</source>
        <translation>Als Standard</translation>
    </message>
    <message>
        <source>Agents set to use the default connection run on this one</source>
        <translation>Agenten, die die Standardverbindung nutzen, laufen über diese</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <source>Remove the connection and forget its API key</source>
        <translation>Die Verbindung entfernen und ihren API-Schlüssel vergessen</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is now the default connection: agents set to use the default run on it.</source>
        <translation>„%1“ ist jetzt die Standardverbindung: Agenten, die den Standard nutzen, laufen darüber.</translation>
    </message>
    <message>
        <source>Testing &apos;%1&apos;…</source>
        <translation>Teste „%1“…</translation>
    </message>
    <message>
        <source>Removed connection &apos;%1&apos;.</source>
        <translation>Verbindung „%1“ entfernt.</translation>
    </message>
    <message>
        <source> The default connection is now &apos;%1&apos;.</source>
        <translation> Die Standardverbindung ist jetzt „%1“.</translation>
    </message>
    <message>
        <source>Removed connection &apos;%1&apos;, but its key could not be forgotten: %2</source>
        <translation>Verbindung „%1“ entfernt, aber ihr Schlüssel konnte nicht vergessen werden: %2</translation>
    </message>
    <message>
        <source>(the connections could not be read: %1)</source>
        <translation>(die Verbindungen konnten nicht gelesen werden: %1)</translation>
    </message>
    <message>
        <source>API key in the keychain</source>
        <translation>API-Schlüssel im Schlüsselbund</translation>
    </message>
    <message>
        <source>API key in the key file</source>
        <translation>API-Schlüssel in der Schlüsseldatei</translation>
    </message>
    <message>
        <source>API key from the environment</source>
        <translation>API-Schlüssel aus der Umgebung</translation>
    </message>
    <message>
        <source>no key needed</source>
        <translation>kein Schlüssel nötig</translation>
    </message>
    <message>
        <source>no API key</source>
        <translation>kein API-Schlüssel</translation>
    </message>
    <message>
        <source>  ·  default</source>
        <translation>  ·  Standard</translation>
    </message>
    <message>
        <source>model: the first the server lists</source>
        <translation>Modell: das erste, das der Server nennt</translation>
    </message>
    <message>
        <source>The default connection: agents set to use the default run on it</source>
        <translation>Die Standardverbindung: Agenten, die den Standard nutzen, laufen darüber</translation>
    </message>
    <message>
        <source>(none yet: add one below, or find a server on this computer)</source>
        <translation>(noch keine: füge unten eine hinzu oder suche einen Server auf diesem Computer)</translation>
    </message>
</context>
<context>
    <name>ContinuityAfterCommit</name>
    <message>
        <source>The continuity check after the commit could not be done: %1</source>
        <translation>Die Kontinuitätsprüfung nach dem Festschreiben war nicht möglich: %1</translation>
    </message>
    <message>
        <source>Continuity: %1 findings after the commit (Chat → Check continuity…)</source>
        <translation>Kontinuität: %1 Befunde nach dem Festschreiben (Chat → Kontinuität prüfen…)</translation>
    </message>
    <message>
        <source>Continuity: checked after the commit at %1, nothing found.</source>
        <translation>Kontinuität: nach dem Festschreiben um %1 geprüft, nichts gefunden.</translation>
    </message>
</context>
<context>
    <name>ContinuityDialog</name>
    <message>
        <source>Continuity check</source>
        <translation>Kontinuitätsprüfung</translation>
    </message>
    <message>
        <source>Checking the chat against the canon…</source>
        <translation>Der Chat wird mit dem Kanon abgeglichen…</translation>
    </message>
    <message>
        <source>Show the &amp;text</source>
        <translation>&amp;Text zeigen</translation>
    </message>
    <message>
        <source>Show the &amp;evidence</source>
        <translation>&amp;Beleg zeigen</translation>
    </message>
    <message>
        <source>Agent to fix it</source>
        <translation>Agent für die Korrektur</translation>
    </message>
    <message>
        <source>&amp;Send to an agent to fix</source>
        <translation>An einen Agenten zur &amp;Korrektur senden</translation>
    </message>
    <message>
        <source>The agent chosen beside it rewrites the passage; you approve its change in the patch dialog</source>
        <translation>Der daneben gewählte Agent schreibt die Stelle neu; du genehmigst seine Änderung im Änderungsdialog</translation>
    </message>
    <message>
        <source>Ask the &amp;reviewer</source>
        <translation>&amp;Prüfer fragen</translation>
    </message>
    <message>
        <source>The continuity reviewer reads each chapter against the canon; a finding whose quotes are not word for word in the text is dropped</source>
        <translation>Der Kontinuitätsprüfer liest jedes Kapitel gegen den Kanon; ein Befund, dessen Zitate nicht wörtlich im Text stehen, wird verworfen</translation>
    </message>
    <message>
        <source>Why this is intentional (kept with it)</source>
        <translation>Warum das gewollt ist (wird mitgespeichert)</translation>
    </message>
    <message>
        <source>&amp;Mark intentional</source>
        <translation>Als &amp;gewollt markieren</translation>
    </message>
    <message>
        <source>The check could not be done: %1</source>
        <translation>Die Prüfung war nicht möglich: %1</translation>
    </message>
    <message>
        <source>%1 findings in %2 chapters against %3 facts.</source>
        <translation>%1 Befunde in %2 Kapiteln gegen %3 Fakten.</translation>
    </message>
    <message>
        <source>The continuity reviewer is reading the chapters…</source>
        <translation>Der Kontinuitätsprüfer liest die Kapitel…</translation>
    </message>
    <message>
        <source>The reviewer cannot be asked: %1</source>
        <translation>Der Prüfer kann nicht gefragt werden: %1</translation>
    </message>
    <message>
        <source>The reviewer found %1 more; %2 of its findings were dropped: their quotes are not word for word in the text or the canon. %3 chapters could not be reviewed.</source>
        <translation>Der Prüfer fand %1 weitere; %2 seiner Befunde wurden verworfen: Ihre Zitate stehen nicht wörtlich im Text oder im Kanon. %3 Kapitel konnten nicht geprüft werden.</translation>
    </message>
    <message>
        <source>Conflicting facts</source>
        <translation>Widersprüchliche Fakten</translation>
    </message>
    <message>
        <source>Acts after death</source>
        <translation>Handelt nach dem Tod</translation>
    </message>
    <message>
        <source>Age does not add up</source>
        <translation>Alter geht nicht auf</translation>
    </message>
    <message>
        <source>Text against the canon</source>
        <translation>Text gegen den Kanon</translation>
    </message>
    <message>
        <source>%1, chapter %2</source>
        <translation>%1, Kapitel %2</translation>
    </message>
    <message>
        <source>the canon (the fact&apos;s own words)</source>
        <translation>der Kanon (der Wortlaut des Fakts)</translation>
    </message>
    <message>
        <source>There is no finding to show here.</source>
        <translation>Hier ist kein Befund zu zeigen.</translation>
    </message>
    <message>
        <source>Choose a finding above to see its passages.</source>
        <translation>Wählen Sie oben einen Befund, um seine Stellen zu sehen.</translation>
    </message>
    <message>
        <source>In the text: %1</source>
        <translation>Im Text: %1</translation>
    </message>
    <message>
        <source>Contradicts: %1</source>
        <translation>Widerspricht: %1</translation>
    </message>
    <message>
        <source>This finding quotes no passage.</source>
        <translation>Dieser Befund zitiert keine Stelle.</translation>
    </message>
    <message>
        <source>This passage is the fact&apos;s own words: it is in the canon.</source>
        <translation>Diese Stelle ist der Wortlaut des Fakts: Sie steht im Kanon.</translation>
    </message>
    <message>
        <source>Say why the finding is intentional: the reason is kept with it.</source>
        <translation>Sagen Sie, warum der Befund gewollt ist: Der Grund wird mitgespeichert.</translation>
    </message>
    <message>
        <source>The finding could not be marked: %1</source>
        <translation>Der Befund konnte nicht markiert werden: %1</translation>
    </message>
    <message>
        <source>Marked intentional: it will not be reported again.</source>
        <translation>Als gewollt markiert: Er wird nicht mehr gemeldet.</translation>
    </message>
    <message>
        <source>A run is already going in that chat: send the fix when it ends.</source>
        <translation>In diesem Chat läuft schon ein Durchlauf: Sende die Korrektur, wenn er endet.</translation>
    </message>
    <message>
        <source>The fix could not be started: %1</source>
        <translation>Die Korrektur konnte nicht gestartet werden: %1</translation>
    </message>
    <message>
        <source>%1 is fixing it: approve the change in the patch dialog.</source>
        <translation>%1 korrigiert es: Genehmige die Änderung im Änderungsdialog.</translation>
    </message>
</context>
<context>
    <name>DelegationSection</name>
    <message>
        <source>May hand off the stage</source>
        <translation>Darf die Etappe übergeben</translation>
    </message>
    <message>
        <source>May ask helpers for side tasks</source>
        <translation>Darf Helfer um Nebenaufgaben bitten</translation>
    </message>
    <message>
        <source>Other agents may call it</source>
        <translation>Andere Agenten dürfen ihn aufrufen</translation>
    </message>
    <message>
        <source>…as the next stage</source>
        <translation>…als nächste Etappe</translation>
    </message>
    <message>
        <source>…as a helper</source>
        <translation>…als Helfer</translation>
    </message>
    <message>
        <source>How it hands off</source>
        <translation>Wie er übergibt</translation>
    </message>
    <message>
        <source>One tool, naming the next agent</source>
        <translation>Ein Werkzeug, das den nächsten Agenten nennt</translation>
    </message>
    <message>
        <source>One tool per next agent</source>
        <translation>Ein Werkzeug je nächstem Agenten</translation>
    </message>
    <message>
        <source>Handoff tools (delegation.handoffToolStyle): single agent_handoff(agentId, …), or perTarget: one transfer_to_&lt;id&gt; tool per agent it may hand off to</source>
        <translation>Übergabewerkzeuge (delegation.handoffToolStyle): single – ein agent_handoff(agentId, …), oder perTarget – ein transfer_to_&lt;id&gt;-Werkzeug je Agent, an den er übergeben darf</translation>
    </message>
    <message>
        <source>How other agents see it</source>
        <translation>Wie andere Agenten ihn sehen</translation>
    </message>
    <message>
        <source>delegation.descriptionForAgents: what agent_list and the handoff tools say about it</source>
        <translation>delegation.descriptionForAgents: was agent_list und die Übergabewerkzeuge über ihn sagen</translation>
    </message>
    <message>
        <source>Next stage</source>
        <translation>Nächste Stufe</translation>
    </message>
    <message>
        <source>handoff.next: when this agent ends its part without handing off (it answers in text, or commits and stops), the studio hands its draft to this agent</source>
        <translation>handoff.next: Beendet dieser Agent seinen Teil, ohne zu übergeben (er antwortet als Text oder veröffentlicht und hört auf), übergibt das Studio seinen Entwurf an diesen Agenten</translation>
    </message>
    <message>
        <source>Brief for the next stage</source>
        <translation>Auftrag für die nächste Stufe</translation>
    </message>
    <message>
        <source>handoff.briefTemplate: what the next stage is asked to do; {file} becomes the draft&apos;s file. Empty: the next agent&apos;s description</source>
        <translation>handoff.briefTemplate: was die nächste Stufe tun soll; {file} wird zur Datei des Entwurfs. Leer: die Beschreibung des nächsten Agenten</translation>
    </message>
    <message>
        <source>Let me see the brief first</source>
        <translation>Übergabenotiz zuerst mir zeigen</translation>
    </message>
    <message>
        <source>handoff.reviewBrief: when this agent hands off, the run waits and its brief opens in an editor; the next stage starts with your version</source>
        <translation>handoff.reviewBrief: Wenn dieser Agent übergibt, wartet der Durchlauf und seine Übergabenotiz öffnet sich in einem Editor; die nächste Etappe beginnt mit deiner Fassung</translation>
    </message>
    <message>
        <source>Who may call it</source>
        <translation>Wer ihn aufrufen darf</translation>
    </message>
    <message>
        <source>Offered as the next stage</source>
        <translation>Als nächste Etappe angeboten</translation>
    </message>
    <message>
        <source>Always</source>
        <translation>Immer</translation>
    </message>
    <message>
        <source>Never</source>
        <translation>Nie</translation>
    </message>
    <message>
        <source>After something is posted</source>
        <translation>Nachdem etwas festgeschrieben ist</translation>
    </message>
    <message>
        <source>What it sees of earlier stages</source>
        <translation>Was er von früheren Etappen sieht</translation>
    </message>
    <message>
        <source>The chat and the brief</source>
        <translation>Den Chat und die Übergabenotiz</translation>
    </message>
    <message>
        <source>Only the brief</source>
        <translation>Nur die Übergabenotiz</translation>
    </message>
    <message>
        <source>The full history</source>
        <translation>Den ganzen Verlauf</translation>
    </message>
    <message>
        <source>A summary of the conversation</source>
        <translation>Eine Zusammenfassung des Gesprächs</translation>
    </message>
    <message>
        <source>…without the tool calls and their results</source>
        <translation>…ohne die Werkzeugaufrufe und ihre Ergebnisse</translation>
    </message>
    <message>
        <source>Name of the tool others call</source>
        <translation>Name des Werkzeugs, das andere aufrufen</translation>
    </message>
    <message>
        <source>default: transfer_to_&lt;id&gt;</source>
        <translation>Standard: transfer_to_&lt;id&gt;</translation>
    </message>
    <message>
        <source>handoffIn.toolNameOverride: replaces transfer_to_&lt;id&gt; (with one tool per next agent)</source>
        <translation>handoffIn.toolNameOverride: ersetzt transfer_to_&lt;id&gt; (bei einem Werkzeug je nächstem Agenten)</translation>
    </message>
    <message>
        <source>What that tool says</source>
        <translation>Was dieses Werkzeug sagt</translation>
    </message>
    <message>
        <source>Optional, e.g.</source>
        <translation>Optional, z. B.</translation>
    </message>
    <message>
        <source>What callers must hand over</source>
        <translation>Was Aufrufer übergeben müssen</translation>
    </message>
    <message>
        <source>handoffIn.inputSchema: a JSON Schema object; its fields are added to the handoff tool</source>
        <translation>handoffIn.inputSchema: ein JSON-Schema-Objekt; seine Felder kommen zum Übergabewerkzeug hinzu</translation>
    </message>
    <message>
        <source>Longest chain of handoffs</source>
        <translation>Längste Kette von Übergaben</translation>
    </message>
    <message>
        <source>Helpers at once</source>
        <translation>Helfer gleichzeitig</translation>
    </message>
    <message>
        <source>Helpers per run</source>
        <translation>Helfer je Durchlauf</translation>
    </message>
    <message>
        <source>None: it hands off itself, or finishes</source>
        <translation>handoff.briefTemplate: was die nächste Stufe tun soll; {file} wird zur Datei des Entwurfs. Leer: die Beschreibung des nächsten Agenten</translation>
    </message>
    <message>
        <source>%1 (not an agent here)</source>
        <translation>%1 (hier kein Agent)</translation>
    </message>
    <message>
        <source>No agent here has the id %1: nobody can call it by that id until an agent with it exists. Untick it if it is a typo (%2).</source>
        <translation>Kein Agent hier hat die ID %1: Niemand kann ihn unter dieser ID aufrufen, bis es einen Agenten mit ihr gibt. Entferne das Häkchen, wenn es ein Tippfehler ist (%2).</translation>
    </message>
    <message>
        <source>Not valid JSON (line %1, column %2): %3.</source>
        <translation>Kein gültiges JSON (Zeile %1, Spalte %2): %3.</translation>
    </message>
    <message>
        <source>Any agent (*)</source>
        <translation>Jeder Agent (*)</translation>
    </message>
</context>
<context>
    <name>Detail</name>
    <message>
        <source>Show the raw entry</source>
        <translation>Den Journaleintrag zeigen</translation>
    </message>
    <message>
        <source>The raw journal entry</source>
        <translation>Der Journaleintrag im Original</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;i&gt;none&lt;/i&gt;&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;i&gt;keine&lt;/i&gt;&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Handoff to %1: %2</source>
        <translation>Übergabe an %1: %2</translation>
    </message>
    <message>
        <source>&lt;p&gt;The brief as the target agent received it:&lt;/p&gt;</source>
        <translation>&lt;p&gt;Die Übergabenotiz, wie der Ziel-Agent sie erhalten hat:&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;i&gt;The target has not started yet.&lt;/i&gt;&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;i&gt;Das Ziel hat noch nicht begonnen.&lt;/i&gt;&lt;/p&gt;</translation>
    </message>
    <message>
        <source>answered</source>
        <translation>geantwortet</translation>
    </message>
    <message>
        <source>tool calls</source>
        <translation>Werkzeugaufrufe</translation>
    </message>
    <message>
        <source>output limit reached</source>
        <translation>Ausgabegrenze erreicht</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;i&gt;The call is still streaming; its record is written when it ends.&lt;/i&gt;&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;i&gt;Der Aufruf läuft noch; sein Protokoll wird geschrieben, wenn er endet.&lt;/i&gt;&lt;/p&gt;</translation>
    </message>
    <message>
        <source>%1 · model call %2</source>
        <translation>%1 · Modellaufruf %2</translation>
    </message>
    <message>
        <source>&lt;p&gt;Model &lt;b&gt;%1&lt;/b&gt; · %2 · started %3&lt;/p&gt;</source>
        <translation>&lt;p&gt;Modell &lt;b&gt;%1&lt;/b&gt; · %2 · gestartet %3&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;Usage (estimated, the server sent no counts): ~%1 input, ~%2 output tokens · finish: %3&lt;/p&gt;</source>
        <translation>&lt;p&gt;Verbrauch (geschätzt, der Server meldete keine Zahlen): ~%1 Eingabe-, ~%2 Ausgabe-Tokens · Ende: %3&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;Usage: %1 input, %2 output, %3 cached tokens · finish: %4&lt;/p&gt;</source>
        <translation>&lt;p&gt;Verbrauch: %1 Eingabe-, %2 Ausgabe-, %3 zwischengespeicherte Tokens · Ende: %4&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Response</source>
        <translation>Antwort</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>System prompt</source>
        <translation>Systemprompt</translation>
    </message>
    <message>
        <source>Messages (%1)</source>
        <translation>Nachrichten (%1)</translation>
    </message>
    <message>
        <source>Tools (%1)</source>
        <translation>Werkzeuge (%1)</translation>
    </message>
    <message>
        <source>Arguments</source>
        <translation>Argumente</translation>
    </message>
    <message>
        <source>The creator rejected this.</source>
        <translation>Du hast das abgelehnt.</translation>
    </message>
    <message>
        <source>The creator approved this with their own edits.</source>
        <translation>Du hast das mit deinen eigenen Änderungen freigegeben.</translation>
    </message>
    <message>
        <source>The creator approved this.</source>
        <translation>Du hast das freigegeben.</translation>
    </message>
    <message>
        <source>Citations</source>
        <translation>Quellenangaben</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source>%1: version %2 → %3</source>
        <translation>%1: Version %2 → %3</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>No changes.</source>
        <translation>Keine Änderungen.</translation>
    </message>
    <message>
        <source>The review could not be done.</source>
        <translation>Die Prüfung konnte nicht durchgeführt werden.</translation>
    </message>
    <message>
        <source>Issues (%1)</source>
        <translation>Probleme (%1)</translation>
    </message>
    <message>
        <source>Suggestions (%1)</source>
        <translation>Vorschläge (%1)</translation>
    </message>
    <message>
        <source>Brief as received</source>
        <translation>Übergabenotiz, wie erhalten</translation>
    </message>
    <message>
        <source>What %1 read, part by part with its tokens and why each is there, is shown with the model call that follows: select that call&apos;s row or its bar.</source>
        <translation>Was %1 gelesen hat, Teil für Teil mit seinen Tokens und warum jeder Teil dabei ist, steht beim folgenden Modellaufruf: wähle dessen Zeile oder Balken.</translation>
    </message>
</context>
<context>
    <name>DetailPane</name>
    <message>
        <source>Select a bar, a handoff marker or an event to see its details.</source>
        <translation>Wähle einen Balken, eine Übergabemarke oder ein Ereignis, um die Einzelheiten zu sehen.</translation>
    </message>
</context>
<context>
    <name>DocsBrowser</name>
    <message>
        <source>Relay Studio user guide</source>
        <translation>Relay-Studio-Handbuch</translation>
    </message>
    <message>
        <source>User guide</source>
        <translation>Handbuch</translation>
    </message>
    <message>
        <source>Back</source>
        <translation>Zurück</translation>
    </message>
    <message>
        <source>Forward</source>
        <translation>Vorwärts</translation>
    </message>
</context>
<context>
    <name>DocumentView</name>
    <message>
        <source>← Back to the search</source>
        <translation>← Zurück zur Suche</translation>
    </message>
</context>
<context>
    <name>Duration</name>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
</context>
<context>
    <name>EntryEditor</name>
    <message>
        <source>Other names, separated by commas</source>
        <translation>Andere Namen, durch Kommas getrennt</translation>
    </message>
    <message>
        <source>Tags, separated by commas</source>
        <translation>Schlagwörter, durch Kommas getrennt</translation>
    </message>
    <message>
        <source>What the agents read when the entry is mentioned</source>
        <translation>Was die Agenten lesen, wenn der Eintrag erwähnt wird</translation>
    </message>
    <message>
        <source>Only for you: the agents never see these notes</source>
        <translation>Nur für dich: Die Agenten sehen diese Notizen nie</translation>
    </message>
    <message>
        <source>Match case</source>
        <translation>Groß-/Kleinschreibung beachten</translation>
    </message>
    <message>
        <source>Phrases that are not mentions, separated by commas</source>
        <translation>Wendungen, die keine Erwähnung sind, durch Kommas getrennt</translation>
    </message>
    <message>
        <source>Always give it to the agents</source>
        <translation>Immer an die Agenten geben</translation>
    </message>
    <message>
        <source>alwaysInclude: in every stage&apos;s prompt, mentioned or not (first within the budget)</source>
        <translation>alwaysInclude: im Prompt jeder Etappe, erwähnt oder nicht (zuerst innerhalb des Budgets)</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>Typ</translation>
    </message>
    <message>
        <source>Also called</source>
        <translation>Auch genannt</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>Schlüssel</translation>
    </message>
    <message>
        <source>Tags</source>
        <translation>Schlagwörter</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>Beschreibung</translation>
    </message>
    <message>
        <source>Private notes</source>
        <translation>Private Notizen</translation>
    </message>
    <message>
        <source>Tracking</source>
        <translation>Erkennung</translation>
    </message>
    <message>
        <source>Not a mention</source>
        <translation>Keine Erwähnung</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>Speichern</translation>
    </message>
    <message>
        <source>Write the entry&apos;s file (Ctrl+S)</source>
        <translation>Die Datei des Eintrags schreiben (Strg+S)</translation>
    </message>
    <message>
        <source>Delete…</source>
        <translation>Löschen…</translation>
    </message>
    <message>
        <source>File: %1</source>
        <translation>Datei: %1</translation>
    </message>
    <message>
        <source>A new entry: fill in a name and Save.</source>
        <translation>Ein neuer Eintrag: Gib einen Namen ein und speichere.</translation>
    </message>
</context>
<context>
    <name>EntryTypes</name>
    <message>
        <source>Character</source>
        <translation>Figur</translation>
    </message>
    <message>
        <source>Location</source>
        <translation>Ort</translation>
    </message>
    <message>
        <source>Item</source>
        <translation>Gegenstand</translation>
    </message>
    <message>
        <source>Lore</source>
        <translation>Weltwissen</translation>
    </message>
    <message>
        <source>Rule</source>
        <translation>Regel</translation>
    </message>
    <message>
        <source>Plot thread</source>
        <translation>Handlungsstrang</translation>
    </message>
    <message>
        <source>Other</source>
        <translation>Sonstiges</translation>
    </message>
</context>
<context>
    <name>EventSentence</name>
    <message>
        <source>The run started: “%1”</source>
        <translation>Der Durchlauf begann: „%1“</translation>
    </message>
    <message>
        <source>The run started</source>
        <translation>Der Durchlauf begann</translation>
    </message>
    <message>
        <source>Before Send, the forecast was %1 to %2 input tokens</source>
        <translation>Vor dem Senden lag die Prognose bei %1 bis %2 Eingabe-Tokens</translation>
    </message>
    <message>
        <source>The forecast before Send was kept</source>
        <translation>Die Prognose vor dem Senden wurde festgehalten</translation>
    </message>
    <message>
        <source>The run is now %1</source>
        <translation>Der Durchlauf ist jetzt %1</translation>
    </message>
    <message>
        <source>The run resumed</source>
        <translation>Der Durchlauf geht weiter</translation>
    </message>
    <message>
        <source>This run was forked from stage %1 of an earlier run</source>
        <translation>Dieser Durchlauf zweigt bei Etappe %1 von einem früheren ab</translation>
    </message>
    <message>
        <source>The run paused</source>
        <translation>Der Durchlauf pausiert</translation>
    </message>
    <message>
        <source>The run was interrupted</source>
        <translation>Der Durchlauf wurde unterbrochen</translation>
    </message>
    <message>
        <source>The run finished</source>
        <translation>Der Durchlauf ist fertig</translation>
    </message>
    <message>
        <source>The run finished in part: %1</source>
        <translation>Der Durchlauf ist zum Teil fertig: %1</translation>
    </message>
    <message>
        <source>The run failed: %1</source>
        <translation>Der Durchlauf ist fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>The run was cancelled</source>
        <translation>Der Durchlauf wurde abgebrochen</translation>
    </message>
    <message>
        <source>%1 was set up as the first stage</source>
        <translation>%1 übernimmt die erste Etappe</translation>
    </message>
    <message>
        <source>%1 was set up as the next stage</source>
        <translation>%1 übernimmt die nächste Etappe</translation>
    </message>
    <message>
        <source>%1 was set up as a helper</source>
        <translation>%1 hilft als Helfer</translation>
    </message>
    <message>
        <source>%1 started working</source>
        <translation>%1 beginnt zu arbeiten</translation>
    </message>
    <message>
        <source>%1 finished its part</source>
        <translation>%1 hat seinen Teil erledigt</translation>
    </message>
    <message>
        <source>%1 failed: %2</source>
        <translation>%1 ist gescheitert: %2</translation>
    </message>
    <message>
        <source>%1 was stopped</source>
        <translation>%1 wurde angehalten</translation>
    </message>
    <message>
        <source>%1 passed its part on</source>
        <translation>%1 hat seinen Teil weitergegeben</translation>
    </message>
    <message>
        <source>%1 took its last turn</source>
        <translation>%1 war zum letzten Mal an der Reihe</translation>
    </message>
    <message>
        <source>The studio gathered what %1 will read</source>
        <translation>Das Studio hat zusammengestellt, was %1 lesen wird</translation>
    </message>
    <message>
        <source>%1 received its instructions and what to work on</source>
        <translation>%1 hat seine Anweisungen und seine Aufgabe erhalten</translation>
    </message>
    <message>
        <source>%1 set up a task for %2</source>
        <translation>%1 hat eine Aufgabe für %2 angelegt</translation>
    </message>
    <message>
        <source>%1 prepared the handoff to %2</source>
        <translation>%1 bereitet die Übergabe an %2 vor</translation>
    </message>
    <message>
        <source>The handed-over work started</source>
        <translation>Die übergebene Arbeit hat begonnen</translation>
    </message>
    <message>
        <source>The handed-over work is done</source>
        <translation>Die übergebene Arbeit ist erledigt</translation>
    </message>
    <message>
        <source>The handed-over work failed</source>
        <translation>Die übergebene Arbeit ist gescheitert</translation>
    </message>
    <message>
        <source>The handed-over work was cancelled</source>
        <translation>Die übergebene Arbeit wurde abgebrochen</translation>
    </message>
    <message>
        <source>%1 asked the model “%2” (call %3)</source>
        <translation>%1 fragt das Modell „%2“ (Aufruf %3)</translation>
    </message>
    <message>
        <source>The model answered %1 with text</source>
        <translation>Das Modell antwortete %1 mit Text</translation>
    </message>
    <message>
        <source>The model answered %1 by calling %2</source>
        <translation>Das Modell antwortete %1 mit dem Aufruf von %2</translation>
    </message>
    <message>
        <source>The model call for %1 failed: %2</source>
        <translation>Der Modellaufruf für %1 ist gescheitert: %2</translation>
    </message>
    <message>
        <source>The studio asks the model again (attempt %1): %2</source>
        <translation>Das Studio fragt das Modell erneut (Versuch %1): %2</translation>
    </message>
    <message>
        <source>A note on %1&apos;s model: %2</source>
        <translation>Ein Hinweis zum Modell von %1: %2</translation>
    </message>
    <message>
        <source>The model answered in text, without a tool</source>
        <translation>Das Modell antwortete mit Text, ohne Werkzeug</translation>
    </message>
    <message>
        <source>%1&apos;s text answer went to the chat</source>
        <translation>Die Textantwort von %1 wurde im Chat festgeschrieben</translation>
    </message>
    <message>
        <source>%1&apos;s text was kept as a note, not as the answer</source>
        <translation>Der Text von %1 bleibt als Notiz, nicht als Antwort</translation>
    </message>
    <message>
        <source>The next stage (%1) could not start</source>
        <translation>Die nächste Etappe (%1) konnte nicht beginnen</translation>
    </message>
    <message>
        <source>%1&apos;s tool calls were refused several turns in a row</source>
        <translation>Die Werkzeugaufrufe von %1 wurden mehrmals hintereinander abgelehnt</translation>
    </message>
    <message>
        <source>What %1 wrote before the stop went to the chat</source>
        <translation>Was %1 vor dem Anhalten schrieb, wurde im Chat festgeschrieben</translation>
    </message>
    <message>
        <source>%1 reached its limit (%2)</source>
        <translation>%1 hat seine Grenze erreicht (%2)</translation>
    </message>
    <message>
        <source>%1 used the tool %2</source>
        <translation>%1 nutzt das Werkzeug %2</translation>
    </message>
    <message>
        <source>The tool %1 finished</source>
        <translation>Das Werkzeug %1 ist fertig</translation>
    </message>
    <message>
        <source>The tool %1 returned an error: %2</source>
        <translation>Das Werkzeug %1 meldete einen Fehler: %2</translation>
    </message>
    <message>
        <source>The tool %1 was not run: %2</source>
        <translation>Das Werkzeug %1 wurde nicht ausgeführt: %2</translation>
    </message>
    <message>
        <source>%1 waits for your approval: %2</source>
        <translation>%1 wartet auf deine Freigabe: %2</translation>
    </message>
    <message>
        <source>You approved %1</source>
        <translation>Du hast %1 freigegeben</translation>
    </message>
    <message>
        <source>You approved %1 with your own edits</source>
        <translation>Du hast %1 mit deinen eigenen Änderungen freigegeben</translation>
    </message>
    <message>
        <source>You rejected %1</source>
        <translation>Du hast %1 abgelehnt</translation>
    </message>
    <message>
        <source>The approval asked for %1 was withdrawn</source>
        <translation>Die Bitte um Freigabe von %1 wurde zurückgezogen</translation>
    </message>
    <message>
        <source>%1 wrote %2 (version %3)</source>
        <translation>%1 hat %2 geschrieben (Version %3)</translation>
    </message>
    <message>
        <source>%1 was restored from version %2</source>
        <translation>%1 wurde aus Version %2 wiederhergestellt</translation>
    </message>
    <message>
        <source>The studio kept a checkpoint of %1 files</source>
        <translation>Das Studio hat einen Stand von %1 Dateien gesichert</translation>
    </message>
    <message>
        <source>A link was skipped: %1</source>
        <translation>Ein Link wurde übersprungen: %1</translation>
    </message>
    <message>
        <source>%1 asked to publish %2 to the chat</source>
        <translation>%1 möchte %2 im Chat festschreiben</translation>
    </message>
    <message>
        <source>%1 published %2 to the chat (version %3)</source>
        <translation>%1 hat %2 im Chat festgeschrieben (Version %3)</translation>
    </message>
    <message>
        <source>%1 wrote the library entry %2</source>
        <translation>%1 hat den Eintrag %2 geschrieben</translation>
    </message>
    <message>
        <source>%1 reads story library entries (%2)</source>
        <translation>%1 liest Einträge der Story-Bibliothek (%2)</translation>
    </message>
    <message>
        <source>%1 reads canon facts (%2)</source>
        <translation>%1 liest Fakten des Kanons (%2)</translation>
    </message>
    <message>
        <source>%1 proposed a canon fact: “%2”</source>
        <translation>%1 schlägt einen Kanon-Fakt vor: „%2“</translation>
    </message>
    <message>
        <source>The studio gathered what %1 knows of the scene</source>
        <translation>Das Studio hat zusammengestellt, was %1 von der Szene weiß</translation>
    </message>
    <message>
        <source>%1 told %2: “%3”</source>
        <translation>%1 sagte %2: „%3“</translation>
    </message>
    <message>
        <source>%1 speaks next</source>
        <translation>%1 spricht als Nächstes</translation>
    </message>
    <message>
        <source>%1 may use these Skills: %2</source>
        <translation>%1 darf diese Skills nutzen: %2</translation>
    </message>
    <message>
        <source>%1 has no Skills to use</source>
        <translation>%1 hat keine Skills</translation>
    </message>
    <message>
        <source>%1 asked to hand the work to %2</source>
        <translation>%1 möchte die Arbeit an %2 übergeben</translation>
    </message>
    <message>
        <source>%1 handed the work to %2: “%3”</source>
        <translation>%1 hat die Arbeit an %2 übergeben: „%3“</translation>
    </message>
    <message>
        <source>%1 handed the work to %2</source>
        <translation>%1 hat die Arbeit an %2 übergeben</translation>
    </message>
    <message>
        <source>%1 takes over: %2</source>
        <translation>%1 übernimmt: %2</translation>
    </message>
    <message>
        <source>A step of the handoff to %1 failed</source>
        <translation>Ein Schritt der Übergabe an %1 ist gescheitert</translation>
    </message>
    <message>
        <source>%1 asked %2 to help: “%3”</source>
        <translation>%1 bittet %2 um Hilfe: „%3“</translation>
    </message>
    <message>
        <source>%1 waits for its helpers</source>
        <translation>%1 wartet auf seine Helfer</translation>
    </message>
    <message>
        <source>%1 stopped waiting for its helpers</source>
        <translation>%1 wartet nicht mehr auf seine Helfer</translation>
    </message>
    <message>
        <source>A helper reported back</source>
        <translation>Ein Helfer hat berichtet</translation>
    </message>
    <message>
        <source>%1 received its helpers&apos; results</source>
        <translation>%1 hat die Ergebnisse seiner Helfer erhalten</translation>
    </message>
    <message>
        <source>%1 asked for a review: “%2”</source>
        <translation>%1 bittet um eine Prüfung: „%2“</translation>
    </message>
    <message>
        <source>%1&apos;s review could not be read; it was asked again</source>
        <translation>Die Prüfung von %1 war nicht lesbar; sie wurde erneut angefragt</translation>
    </message>
    <message>
        <source>The review is done: %1</source>
        <translation>Die Prüfung ist fertig: %1</translation>
    </message>
    <message>
        <source>You sent guidance: “%1”</source>
        <translation>Du hast einen Hinweis geschickt: „%1“</translation>
    </message>
    <message>
        <source>%1 received your guidance</source>
        <translation>%1 hat deinen Hinweis erhalten</translation>
    </message>
    <message>
        <source>The handoff document is ready</source>
        <translation>Das Übergabedokument ist fertig</translation>
    </message>
    <message>
        <source>The handoff document was cancelled</source>
        <translation>Das Übergabedokument wurde abgebrochen</translation>
    </message>
    <message>
        <source>The handoff document could not be written</source>
        <translation>Das Übergabedokument konnte nicht geschrieben werden</translation>
    </message>
    <message>
        <source>The handoff document came back empty</source>
        <translation>Das Übergabedokument kam leer zurück</translation>
    </message>
    <message>
        <source>The studio</source>
        <translation>Das Studio</translation>
    </message>
    <message>
        <source>An event this version does not know (%1)</source>
        <translation>Ein Ereignis, das diese Version nicht kennt (%1)</translation>
    </message>
</context>
<context>
    <name>EventSummary</name>
    <message>
        <source>(first stage)</source>
        <translation>(erste Etappe)</translation>
    </message>
    <message>
        <source>(next stage)</source>
        <translation>(nächste Etappe)</translation>
    </message>
    <message>
        <source>(helper)</source>
        <translation>(Helfer)</translation>
    </message>
    <message>
        <source>text</source>
        <translation>Text</translation>
    </message>
    <message>
        <source>model call %1</source>
        <translation>Modellaufruf %1</translation>
    </message>
    <message>
        <source>%1+%2 tokens, %3 ms → %4</source>
        <translation>%1+%2 Tokens, %3 ms → %4</translation>
    </message>
    <message>
        <source>~%1+~%2 tokens (estimated), %3 ms → %4</source>
        <translation>~%1+~%2 Tokens (geschätzt), %3 ms → %4</translation>
    </message>
    <message>
        <source>call %1 to %2 (%3 messages)</source>
        <translation>Aufruf %1 an %2 (%3 Nachrichten)</translation>
    </message>
    <message>
        <source>%1 (version %2, %3 bytes)</source>
        <translation>%1 (Version %2, %3 Bytes)</translation>
    </message>
    <message>
        <source>%1 waits for approval</source>
        <translation>%1 wartet auf Freigabe</translation>
    </message>
    <message>
        <source>%1 → chat (version %2)</source>
        <translation>%1 → Chat (Version %2)</translation>
    </message>
    <message>
        <source>“%1”: %2</source>
        <translation>„%1“: %2</translation>
    </message>
    <message>
        <source>passed</source>
        <translation>bestanden</translation>
    </message>
    <message>
        <source>warning · %1 issues</source>
        <translation>Warnung · %1 Probleme</translation>
    </message>
    <message>
        <source>warning · 1 issue</source>
        <translation>Warnung · 1 Problem</translation>
    </message>
    <message>
        <source>conflict · %1 issues</source>
        <translation>Widerspruch · %1 Probleme</translation>
    </message>
    <message>
        <source>conflict · 1 issue</source>
        <translation>Widerspruch · 1 Problem</translation>
    </message>
    <message>
        <source>failed (%1)</source>
        <translation>fehlgeschlagen (%1)</translation>
    </message>
    <message>
        <source>handed on by the studio: %1 answered in text</source>
        <translation>vom Studio weitergegeben: %1 hat als Text geantwortet</translation>
    </message>
    <message>
        <source>handed on by the studio: %1 committed, then answered in text</source>
        <translation>vom Studio weitergegeben: %1 hat veröffentlicht und dann als Text geantwortet</translation>
    </message>
    <message>
        <source>handed on by the studio: %1 wrote its draft, then answered in text</source>
        <translation>vom Studio weitergegeben: %1 hat seinen Entwurf geschrieben und dann als Text geantwortet</translation>
    </message>
    <message>
        <source>handed on by the studio: %1 did not hand the work on itself</source>
        <translation>vom Studio weitergegeben: %1 hat die Arbeit nicht selbst übergeben</translation>
    </message>
    <message>
        <source>handed on by the studio: %1 used all its rounds</source>
        <translation>vom Studio weitergegeben: %1 hat alle Runden verbraucht</translation>
    </message>
    <message>
        <source>handed on by the studio: %1&apos;s tool calls were refused or changed nothing, three turns in a row</source>
        <translation>vom Studio weitergegeben: die Werkzeugaufrufe von %1 wurden abgelehnt oder änderten nichts, drei Runden hintereinander</translation>
    </message>
    <message>
        <source>kept as a note, not as the answer: %1</source>
        <translation>als Notiz behalten, nicht als Antwort: %1</translation>
    </message>
</context>
<context>
    <name>EventsModel</name>
    <message>
        <source>Time</source>
        <translation>Zeit</translation>
    </message>
    <message>
        <source>Agent</source>
        <translation>Agent</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>Ereignis</translation>
    </message>
    <message>
        <source>Summary</source>
        <translation>Inhalt</translation>
    </message>
</context>
<context>
    <name>ExportDialog</name>
    <message>
        <source>Export manuscript</source>
        <extracomment>the manuscript format&apos;s contact block (legal name, address, phone, email), remembered like the author</extracomment>
        <translation>Manuskript exportieren</translation>
    </message>
    <message>
        <source>Word document (.docx)</source>
        <extracomment>the project a book is written in names it; else the title the text opens with; else the chat&apos;s name</extracomment>
        <translation>Word-Dokument (.docx)</translation>
    </message>
    <message>
        <source>EPUB e-book (.epub)</source>
        <translation>EPUB-E-Book (.epub)</translation>
    </message>
    <message>
        <source>Markdown (.md)</source>
        <translation>Markdown (.md)</translation>
    </message>
    <message>
        <source>Plain text (.txt)</source>
        <translation>Reiner Text (.txt)</translation>
    </message>
    <message>
        <source>Standard manuscript format (12 pt, double-spaced, running header)</source>
        <translation>Normseite für Manuskripte (12 pt, doppelter Zeilenabstand, Kopfzeile)</translation>
    </message>
    <message>
        <source>Book (heading styles for navigation and import)</source>
        <translation>Buch (Überschriftenformate für Navigation und Import)</translation>
    </message>
    <message>
        <source>The project&apos;s name</source>
        <translation>Der Name des Projekts</translation>
    </message>
    <message>
        <source>The heading the first answer opens with</source>
        <translation>Die Überschrift, mit der die erste Antwort beginnt</translation>
    </message>
    <message>
        <source>The chat&apos;s name</source>
        <translation>Der Name des Chats</translation>
    </message>
    <message>
        <source>from the text (e.g. en, de, zh, ja)</source>
        <translation>aus dem Text (z. B. en, de, zh, ja)</translation>
    </message>
    <message>
        <source>&amp;Format:</source>
        <translation>&amp;Format:</translation>
    </message>
    <message>
        <source>&amp;Preset:</source>
        <translation>&amp;Vorlage:</translation>
    </message>
    <message>
        <source>&amp;Title:</source>
        <translation>&amp;Titel:</translation>
    </message>
    <message>
        <source>&amp;Author:</source>
        <translation>&amp;Autor:</translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation>&amp;Sprache:</translation>
    </message>
    <message>
        <source>Answers to include:</source>
        <translation>Diese Antworten aufnehmen:</translation>
    </message>
    <message>
        <source>Chapters:</source>
        <translation>Kapitel:</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>&amp;Durchsuchen…</translation>
    </message>
    <message>
        <source>Save as:</source>
        <translation>Speichern unter:</translation>
    </message>
    <message>
        <source>&amp;Export</source>
        <translation>&amp;Exportieren</translation>
    </message>
    <message>
        <source>Contact on the title page (manuscript format)</source>
        <translation>Kontakt auf der Titelseite (Manuskriptformat)</translation>
    </message>
    <message>
        <source>as the author, when empty</source>
        <translation>wie der Autor, wenn leer</translation>
    </message>
    <message>
        <source>Street, town, postcode, country</source>
        <translation>Straße, Ort, Postleitzahl, Land</translation>
    </message>
    <message>
        <source>Legal &amp;name:</source>
        <translation>Bürgerlicher &amp;Name:</translation>
    </message>
    <message>
        <source>A&amp;ddress:</source>
        <translation>Ad&amp;resse:</translation>
    </message>
    <message>
        <source>P&amp;hone:</source>
        <translation>Te&amp;lefon:</translation>
    </message>
    <message>
        <source>E&amp;mail:</source>
        <translation>E-&amp;Mail:</translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation>Alle Dateien (*)</translation>
    </message>
    <message numerus="yes">
        <source>%n chapter(s)</source>
        <translation>
            <numerusform>%n Kapitel</numerusform>
            <numerusform>%n Kapitel</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n word(s)</source>
        <translation>
            <numerusform>%n Wort</numerusform>
            <numerusform>%n Wörter</numerusform>
        </translation>
    </message>
    <message>
        <source>language: %1</source>
        <translation>Sprache: %1</translation>
    </message>
    <message>
        <source>Wrote %1 (%2, %3).</source>
        <translation>%1 geschrieben (%2, %3).</translation>
    </message>
    <message>
        <source>This chat has no answers yet: there is nothing to export.</source>
        <translation>Dieser Chat hat noch keine Antworten: Es gibt nichts zu exportieren.</translation>
    </message>
    <message>
        <source>Tick at least one answer to export.</source>
        <translation>Hake mindestens eine Antwort zum Exportieren an.</translation>
    </message>
    <message>
        <source>Say where to save the file.</source>
        <translation>Gib an, wo die Datei gespeichert werden soll.</translation>
    </message>
    <message>
        <source>Writing %1…</source>
        <translation>%1 wird geschrieben…</translation>
    </message>
    <message>
        <source>Open a chat to export its answers.</source>
        <translation>Öffne einen Chat, um seine Antworten zu exportieren.</translation>
    </message>
    <message>
        <source>Exported the manuscript to %1.</source>
        <translation>Manuskript nach %1 exportiert.</translation>
    </message>
</context>
<context>
    <name>FallbackOffer</name>
    <message>
        <source>Instead:</source>
        <translation>Stattdessen:</translation>
    </message>
    <message>
        <source>Carry the chat over as it is</source>
        <translation>Chat so übernehmen, wie er ist</translation>
    </message>
    <message>
        <source>The new chat starts from this chat&apos;s messages as they are; you review them first</source>
        <translation>Der neue Chat beginnt mit den Nachrichten dieses Chats, so wie sie sind; du siehst sie vorher durch</translation>
    </message>
    <message>
        <source>Open Settings</source>
        <translation>Einstellungen öffnen</translation>
    </message>
    <message>
        <source>Add or fix a model connection, then hand off again</source>
        <translation>Eine Modellverbindung hinzufügen oder reparieren, dann erneut übergeben</translation>
    </message>
</context>
<context>
    <name>FindBar</name>
    <message>
        <source>Find in chat</source>
        <translation>Im Chat suchen</translation>
    </message>
    <message>
        <source>▲</source>
        <translation>▲</translation>
    </message>
    <message>
        <source>▼</source>
        <translation>▼</translation>
    </message>
</context>
<context>
    <name>ForecastLine</name>
    <message>
        <source>Forecast</source>
        <translation>Prognose</translation>
    </message>
    <message>
        <source>Forecast: first requests %1 tokens; the whole run %2–%3 in, %4–%5 out</source>
        <translation>Prognose: erste Anfragen %1 Tokens; der ganze Durchlauf %2–%3 ein, %4–%5 aus</translation>
    </message>
    <message>
        <source>; about %1–%2 %3</source>
        <translation>; etwa %1–%2 %3</translation>
    </message>
    <message>
        <source>(counted by the model&apos;s server)</source>
        <translation>(vom Server des Modells gezählt)</translation>
    </message>
    <message>
        <source>(approximate: about four characters a token)</source>
        <translation>(geschätzt: etwa vier Zeichen pro Token)</translation>
    </message>
    <message>
        <source>What this message would take before you send it. Each stage&apos;s first request, then the whole run: at least one call per stage with a short answer, at most six calls per stage, each answer up to 1,000 tokens.</source>
        <translation>Was diese Nachricht brauchen würde, bevor du sie sendest. Die erste Anfrage jeder Etappe, dann der ganze Durchlauf: mindestens ein Aufruf pro Etappe mit kurzer Antwort, höchstens sechs Aufrufe pro Etappe, jede Antwort bis zu 1.000 Tokens.</translation>
    </message>
    <message>
        <source>counted by the model&apos;s server</source>
        <translation>vom Server des Modells gezählt</translation>
    </message>
    <message>
        <source>approximate: about four characters a token</source>
        <translation>geschätzt: etwa vier Zeichen pro Token</translation>
    </message>
    <message>
        <source>%1: %2 tokens, %3</source>
        <translation>%1: %2 Tokens, %3</translation>
    </message>
    <message>
        <source>No cost: a connection of this relay has no prices (Settings → Connections).</source>
        <translation>Keine Kosten: Eine Verbindung dieser Staffel hat keine Preise (Einstellungen → Verbindungen).</translation>
    </message>
</context>
<context>
    <name>ForecastRow</name>
    <message>
        <source>Forecast against actual</source>
        <translation>Prognose gegen Verbrauch</translation>
    </message>
    <message>
        <source>What the forecast under the composer said before Send, against what the run&apos;s model calls used (“~”: some counts are estimated).</source>
        <translation>Was die Prognose unter dem Eingabefeld vor dem Senden sagte, gegen das, was die Modellaufrufe des Laufs verbraucht haben („~“: einige Zahlen sind geschätzt).</translation>
    </message>
    <message>
        <source>Forecast %1–%2 input tokens · used %3</source>
        <translation>Prognose %1–%2 Eingabe-Tokens · verbraucht %3</translation>
    </message>
    <message>
        <source> · cost %1–%2 %4, used %3 %4</source>
        <translation> · Kosten %1–%2 %4, verbraucht %3 %4</translation>
    </message>
</context>
<context>
    <name>ForkDialog</name>
    <message>
        <source>Rerun from stage %1</source>
        <extracomment>the brief as a handoff brief (stage 2 on), the creator&apos;s message (stage 1)</extracomment>
        <translation>Ab Stufe %1 neu ausführen</translation>
    </message>
    <message>
        <source>A new run of this chat starts at this stage, with the files as the stage found them. This run stays as it is; what the new one commits becomes a new version of the answer.</source>
        <translation>Ein neuer Durchlauf dieses Chats beginnt bei dieser Stufe, mit den Dateien, wie die Stufe sie vorfand. Dieser Durchlauf bleibt, wie er ist; was der neue festschreibt, wird eine neue Version der Antwort.</translation>
    </message>
    <message>
        <source>Agent:</source>
        <translation>Agent:</translation>
    </message>
    <message>
        <source>As each agent&apos;s profile says</source>
        <translation>Wie im Profil jedes Agenten angegeben</translation>
    </message>
    <message>
        <source>Model connection:</source>
        <translation>Modellverbindung:</translation>
    </message>
    <message>
        <source>the connection&apos;s default model</source>
        <translation>das Standardmodell der Verbindung</translation>
    </message>
    <message>
        <source>Model:</source>
        <translation>Modell:</translation>
    </message>
    <message>
        <source>The creator&apos;s message:</source>
        <translation>Die Nachricht der Autorin oder des Autors:</translation>
    </message>
    <message>
        <source>The brief&apos;s objective:</source>
        <translation>Das Ziel des Auftrags:</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Rerun</source>
        <translation>Neu ausführen</translation>
    </message>
</context>
<context>
    <name>GeneralSettings</name>
    <message>
        <source>System</source>
        <translation>System</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>Hell</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>Dunkel</translation>
    </message>
    <message>
        <source>Theme</source>
        <translation>Design</translation>
    </message>
    <message>
        <source>The window&apos;s language; a change applies the next time Relay Studio starts</source>
        <translation>Die Sprache des Fensters; eine Änderung gilt ab dem nächsten Start von Relay Studio</translation>
    </message>
    <message>
        <source>As the system (%1)</source>
        <translation>Wie das System (%1)</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Sprache</translation>
    </message>
    <message>
        <source>What {{user}} in SillyTavern character cards and World Info becomes in the agents&apos; prompts and in the chat; the agents&apos; own names take {{char}}</source>
        <translation>Was {{user}} aus SillyTavern-Charakterkarten und World Info in den Prompts der Agenten und im Chat wird; {{char}} wird zum eigenen Namen des Agenten</translation>
    </message>
    <message>
        <source>Your name in stories</source>
        <translation>Dein Name in Geschichten</translation>
    </message>
    <message>
        <source>Data folder</source>
        <translation>Datenordner</translation>
    </message>
    <message>
        <source>Applies the next time Relay Studio starts.</source>
        <translation>Gilt ab dem nächsten Start von Relay Studio.</translation>
    </message>
</context>
<context>
    <name>HandedOffCard</name>
    <message>
        <source>the new chat starts from it; no request of this chat includes it</source>
        <translation>der neue Chat beginnt damit; keine Anfrage dieses Chats enthält es</translation>
    </message>
    <message>
        <source>Open chat</source>
        <translation>Chat öffnen</translation>
    </message>
    <message>
        <source>Open the chat “%1”</source>
        <translation>Den Chat „%1“ öffnen</translation>
    </message>
</context>
<context>
    <name>HandoffCard</name>
    <message>
        <source>Handoff document</source>
        <translation>Übergabedokument</translation>
    </message>
    <message>
        <source>this chat starts from it; every request of the chat includes it</source>
        <translation>dieser Chat beginnt damit; jede Anfrage des Chats enthält es</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>Kopieren</translation>
    </message>
    <message>
        <source>Copy the handoff document</source>
        <translation>Das Übergabedokument kopieren</translation>
    </message>
    <message>
        <source>Hide</source>
        <translation>Ausblenden</translation>
    </message>
    <message>
        <source>Hide the document</source>
        <translation>Das Dokument ausblenden</translation>
    </message>
    <message>
        <source>Show</source>
        <translation>Anzeigen</translation>
    </message>
    <message>
        <source>Show the document</source>
        <translation>Das Dokument anzeigen</translation>
    </message>
</context>
<context>
    <name>HandoffDialog</name>
    <message>
        <source>Hand off “%1” to a new chat</source>
        <translation>„%1“ an einen neuen Chat übergeben</translation>
    </message>
    <message>
        <source>Writing the handoff document… (Esc cancels)</source>
        <translation>Das Übergabedokument wird geschrieben… (Esc bricht ab)</translation>
    </message>
    <message>
        <source>Handoff document</source>
        <translation>Übergabedokument</translation>
    </message>
    <message>
        <source>The document appears here as the agent writes it.</source>
        <translation>Das Dokument erscheint hier, während der Agent es schreibt.</translation>
    </message>
    <message>
        <source>New chat:</source>
        <translation>Neuer Chat:</translation>
    </message>
    <message>
        <source>New chat</source>
        <translation>Neuer Chat</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>Kopieren</translation>
    </message>
    <message>
        <source>Copy the document to the clipboard</source>
        <translation>Das Dokument in die Zwischenablage kopieren</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Start the new chat</source>
        <translation>Den neuen Chat beginnen</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>Written in %1.</source>
        <translation>Geschrieben in %1.</translation>
    </message>
    <message>
        <source>Review the document: it is what the new chat starts from. Edit it freely.</source>
        <translation>Sieh dir das Dokument an: Damit beginnt der neue Chat. Bearbeite es nach Belieben.</translation>
    </message>
    <message numerus="yes">
        <source>The chat was too long for the agent&apos;s model, so it wrote this without the oldest %n message(s); add what it could not know.</source>
        <translation>
            <numerusform>Der Chat war zu lang für das Modell des Agenten, daher hat er dies ohne die älteste Nachricht geschrieben; ergänze, was er nicht wissen konnte.</numerusform>
            <numerusform>Der Chat war zu lang für das Modell des Agenten, daher hat er dies ohne die ältesten %n Nachrichten geschrieben; ergänze, was er nicht wissen konnte.</numerusform>
        </translation>
    </message>
    <message>
        <source>The document lacks these sections: %1. Add them, or start the new chat as it is.</source>
        <translation>Dem Dokument fehlen diese Abschnitte: %1. Ergänze sie oder beginne den neuen Chat so, wie es ist.</translation>
    </message>
    <message>
        <source>After %1.</source>
        <translation>Nach %1.</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <source>The document is empty; write something the new chat can start from.</source>
        <translation>Das Dokument ist leer; schreib etwas, womit der neue Chat beginnen kann.</translation>
    </message>
    <message>
        <source>Copied the document to the clipboard.</source>
        <translation>Das Dokument wurde in die Zwischenablage kopiert.</translation>
    </message>
    <message>
        <source>Stopping…</source>
        <translation>Wird beendet…</translation>
    </message>
</context>
<context>
    <name>HandoffFallback</name>
    <message>
        <source>There is no model connection yet to write it.</source>
        <translation>Es gibt noch keine Modellverbindung, die es schreiben könnte.</translation>
    </message>
    <message>
        <source>The model server did not answer; is it running?</source>
        <translation>Der Modellserver hat nicht geantwortet; läuft er?</translation>
    </message>
    <message>
        <source>The model server stopped answering.</source>
        <translation>Der Modellserver antwortet nicht mehr.</translation>
    </message>
    <message>
        <source>The model server refused the connection&apos;s key.</source>
        <translation>Der Modellserver hat den Schlüssel der Verbindung abgelehnt.</translation>
    </message>
    <message>
        <source>The connection has no model chosen.</source>
        <translation>Für die Verbindung ist kein Modell gewählt.</translation>
    </message>
    <message>
        <source>Handoff cancelled. Nothing was changed.</source>
        <translation>Übergabe abgebrochen. Nichts wurde geändert.</translation>
    </message>
    <message>
        <source>The agent answered without any text.</source>
        <translation>Der Agent hat ohne Text geantwortet.</translation>
    </message>
    <message>
        <source>The agent could not write it (%1).</source>
        <translation>Der Agent konnte es nicht schreiben (%1).</translation>
    </message>
    <message>
        <source>The handoff document was not written: %1 Nothing was changed.</source>
        <translation>Das Übergabedokument wurde nicht geschrieben: %1 Nichts wurde geändert.</translation>
    </message>
</context>
<context>
    <name>HandoffFlow</name>
    <message>
        <source>Not sent: you opened another chat meanwhile; the message waits in its chat.</source>
        <translation>Nicht gesendet: Du hast inzwischen einen anderen Chat geöffnet; die Nachricht wartet in ihrem Chat.</translation>
    </message>
    <message>
        <source>Continued in “%1”, seeded with the handoff document.</source>
        <translation>Fortgesetzt in „%1“, beginnend mit dem Übergabedokument.</translation>
    </message>
</context>
<context>
    <name>HandoffFocus</name>
    <message>
        <source>Hand off to a new chat</source>
        <translation>An einen neuen Chat übergeben</translation>
    </message>
    <message>
        <source>What should the new chat focus on? Leave it empty to carry the whole chat over.</source>
        <translation>Worauf soll sich der neue Chat konzentrieren? Leer lassen, um den ganzen Chat mitzunehmen.</translation>
    </message>
    <message>
        <source>Write the handoff</source>
        <translation>Übergabe schreiben</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
</context>
<context>
    <name>HandoffOffer</name>
    <message>
        <source>Hand off to a new chat</source>
        <translation>An einen neuen Chat übergeben</translation>
    </message>
    <message>
        <source>The agent writes a handoff document from this chat; you review it, and a new chat starts from it</source>
        <translation>Der Agent schreibt aus diesem Chat ein Übergabedokument; du prüfst es, und ein neuer Chat beginnt damit</translation>
    </message>
    <message>
        <source>Dismiss</source>
        <translation>Verwerfen</translation>
    </message>
</context>
<context>
    <name>HeaderRow</name>
    <message>
        <source>Header name, e.g. X-Auth-Token</source>
        <translation>Header-Name, z. B. X-Auth-Token</translation>
    </message>
    <message>
        <source>Plain</source>
        <translation>Klartext</translation>
    </message>
    <message>
        <source>Not a secret: keep the value as it is, in the app&apos;s settings</source>
        <translation>Kein Geheimnis: den Wert unverändert in den Einstellungen der App speichern</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <source>Drop this header</source>
        <translation>Diesen Header entfernen</translation>
    </message>
    <message>
        <source>kept (type to replace)</source>
        <translation>gespeichert (tippen zum Ersetzen)</translation>
    </message>
    <message>
        <source>value</source>
        <translation>Wert</translation>
    </message>
</context>
<context>
    <name>HeadersTable</name>
    <message>
        <source>Add header</source>
        <translation>Header hinzufügen</translation>
    </message>
    <message>
        <source>An extra HTTP header the server needs; its value is kept like a key</source>
        <translation>Ein zusätzlicher HTTP-Header, den der Server braucht; sein Wert wird wie ein Schlüssel verwahrt</translation>
    </message>
    <message>
        <source>A header needs a name.</source>
        <translation>Ein Header braucht einen Namen.</translation>
    </message>
    <message>
        <source>The header &apos;%1&apos; is there twice.</source>
        <translation>Der Header „%1“ kommt doppelt vor.</translation>
    </message>
    <message>
        <source>The header &apos;%1&apos; needs a value.</source>
        <translation>Der Header „%1“ braucht einen Wert.</translation>
    </message>
</context>
<context>
    <name>IdentitySection</name>
    <message>
        <source>Id</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>How other agents and files name it: lowercase letters, digits, - and _.</source>
        <translation>Wie andere Agenten und Dateien ihn nennen: Kleinbuchstaben, Ziffern, - und _.</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>The name shown in the chat and the library.</source>
        <translation>Der Name, der im Chat und in der Bibliothek angezeigt wird.</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>Beschreibung</translation>
    </message>
    <message>
        <source>Can start a run from the chat</source>
        <translation>Kann aus dem Chat einen Durchlauf starten</translation>
    </message>
</context>
<context>
    <name>ImportFlow</name>
    <message>
        <source>An entry differs</source>
        <translation>Ein Eintrag weicht ab</translation>
    </message>
    <message>
        <source>%1 has “%2”, which differs from “%3” in the story library.</source>
        <translation>%1 enthält „%2“, das von „%3“ in der Story-Bibliothek abweicht.</translation>
    </message>
    <message>
        <source>Replace</source>
        <translation>Ersetzen</translation>
    </message>
    <message>
        <source>Keep both</source>
        <translation>Beide behalten</translation>
    </message>
    <message>
        <source>Skip</source>
        <translation>Überspringen</translation>
    </message>
    <message>
        <source>Do the same for the other differing entries of this import</source>
        <translation>Bei den anderen abweichenden Einträgen dieses Imports genauso verfahren</translation>
    </message>
    <message>
        <source>%1: imported %2.</source>
        <translation>%1: %2 importiert.</translation>
    </message>
    <message>
        <source>%1: nothing new to import.</source>
        <translation>%1: nichts Neues zu importieren.</translation>
    </message>
    <message>
        <source>Already in the library, unchanged: %1.</source>
        <translation>Schon in der Bibliothek, unverändert: %1.</translation>
    </message>
    <message>
        <source>Replaced: %1.</source>
        <translation>Ersetzt: %1.</translation>
    </message>
    <message>
        <source>Kept both; the imported copies are %1.</source>
        <translation>Beide behalten; die importierten Kopien sind %1.</translation>
    </message>
    <message>
        <source>Skipped (they differ from the entries there): %1.</source>
        <translation>Übersprungen (sie weichen von den vorhandenen Einträgen ab): %1.</translation>
    </message>
    <message>
        <source>Removed %1 hidden characters from “%2” (the imported file keeps them).</source>
        <translation>%1 versteckte Zeichen aus „%2“ entfernt (die importierte Datei behält sie).</translation>
    </message>
    <message>
        <source>Import character cards</source>
        <translation>Charakterkarten importieren</translation>
    </message>
    <message>
        <source>Also create an agent that plays the character? (%1)</source>
        <translation>Auch einen Agenten anlegen, der die Figur spielt? (%1)</translation>
    </message>
    <message>
        <source>The agent answers in the chat as the character and can look things up in the story library.</source>
        <translation>Der Agent antwortet im Chat als die Figur und kann in der Story-Bibliothek nachschlagen.</translation>
    </message>
    <message>
        <source>No agent was made for “%1”.</source>
        <translation>Für „%1“ wurde kein Agent angelegt.</translation>
    </message>
    <message>
        <source>Made the agent “%1”: it is in the agent list.</source>
        <translation>Agent „%1“ angelegt: Er steht in der Agentenliste.</translation>
    </message>
    <message>
        <source>⚠ The card&apos;s picture was not kept (the agent shows initials): %1</source>
        <translation>⚠ Das Bild der Karte wurde nicht übernommen (der Agent zeigt Initialen): %1</translation>
    </message>
</context>
<context>
    <name>KeysView</name>
    <message>
        <source>Untick a key to stop it counting as a mention; it stays with the entry</source>
        <translation>Entferne das Häkchen bei einem Schlüssel, damit er nicht mehr als Erwähnung zählt; er bleibt beim Eintrag</translation>
    </message>
    <message>
        <source>%1 — matches common words</source>
        <translation>%1 — trifft häufige Wörter</translation>
    </message>
    <message>
        <source>⚠ These keys match common words and mark every use of them in every chat: %1. Untick them to turn them off.</source>
        <translation>⚠ Diese Schlüssel treffen häufige Wörter und markieren jede Verwendung in jedem Chat: %1. Entferne die Häkchen, um sie abzuschalten.</translation>
    </message>
    <message>
        <source>Only when the text also has (%1): %2</source>
        <translation>Nur wenn der Text auch enthält (%1): %2</translation>
    </message>
</context>
<context>
    <name>KnowledgeView</name>
    <message>
        <source>Import…</source>
        <translation>Importieren…</translation>
    </message>
    <message>
        <source>Add Markdown, text, PDF, EPUB or HTML files to this project&apos;s knowledge</source>
        <translation>Markdown-, Text-, PDF-, EPUB- oder HTML-Dateien zum Wissen dieses Projekts hinzufügen</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>No documents yet. Import… rulebooks, research or notes (Markdown, text, PDF, EPUB, HTML): agents allowed to search knowledge quote passages from them and cite where each one stands, and you can search them here.</source>
        <translation>Noch keine Dokumente. Importiere Regelwerke, Recherchen oder Notizen (Markdown, Text, PDF, EPUB, HTML): Agenten, die im Wissen suchen dürfen, zitieren Passagen daraus und nennen, wo jede steht, und du kannst sie hier durchsuchen.</translation>
    </message>
    <message>
        <source>Documents</source>
        <translation>Dokumente</translation>
    </message>
    <message>
        <source>Document</source>
        <translation>Dokument</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <source>Pages</source>
        <translation>Seiten</translation>
    </message>
    <message>
        <source>Passages</source>
        <translation>Passagen</translation>
    </message>
    <message>
        <source>Search the documents…</source>
        <translation>Dokumente durchsuchen…</translation>
    </message>
    <message>
        <source>Search the documents</source>
        <translation>Die Dokumente durchsuchen</translation>
    </message>
    <message>
        <source>%1 (from %2)</source>
        <translation>%1 (aus %2)</translation>
    </message>
    <message>
        <source>Import into the knowledge library</source>
        <translation>In die Wissensbibliothek importieren</translation>
    </message>
    <message>
        <source>Documents (*.md *.markdown *.txt *.pdf *.epub *.html *.htm);;All files (*)</source>
        <translation>Dokumente (*.md *.markdown *.txt *.pdf *.epub *.html *.htm);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Reading %1…</source>
        <translation>Lese %1…</translation>
    </message>
    <message>
        <source>Stopping after this page…</source>
        <translation>Stoppt nach dieser Seite…</translation>
    </message>
    <message>
        <source>, page %1 of %2</source>
        <translation>, Seite %1 von %2</translation>
    </message>
    <message>
        <source>File %1 of %2: %3</source>
        <translation>Datei %1 von %2: %3</translation>
    </message>
    <message>
        <source>⚠ The import stopped: %1</source>
        <translation>⚠ Der Import wurde abgebrochen: %1</translation>
    </message>
    <message>
        <source>Imported %1.</source>
        <translation>Importiert: %1.</translation>
    </message>
    <message>
        <source>“%1”: %2 pieces of hidden text (white, tiny, off the page or invisible characters) were left out of what the agents read; the file keeps them.</source>
        <translation>„%1“: %2 Stücke versteckten Texts (weiß, winzig, außerhalb der Seite oder unsichtbare Zeichen) wurden aus dem herausgelassen, was die Agenten lesen; die Datei behält sie.</translation>
    </message>
    <message>
        <source>Cancelled: the document being read was not kept.</source>
        <translation>Abgebrochen: Das gerade gelesene Dokument wurde nicht behalten.</translation>
    </message>
    <message>
        <source>Nothing was imported.</source>
        <translation>Es wurde nichts importiert.</translation>
    </message>
    <message>
        <source>Removed “%1”.</source>
        <translation>„%1“ entfernt.</translation>
    </message>
    <message>
        <source>&lt;p&gt;No passage contains these words. Try other words.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Keine Passage enthält diese Wörter. Versuche andere Wörter.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>That document is no longer in this project&apos;s knowledge library.</source>
        <translation>Dieses Dokument ist nicht mehr in der Wissensbibliothek dieses Projekts.</translation>
    </message>
    <message>
        <source>page %1</source>
        <translation>Seite %1</translation>
    </message>
    <message>
        <source>section “%1”</source>
        <translation>Abschnitt „%1“</translation>
    </message>
    <message>
        <source>characters %1–%2</source>
        <translation>Zeichen %1–%2</translation>
    </message>
</context>
<context>
    <name>LanesView</name>
    <message>
        <source>Handoff to %1: %2</source>
        <translation>Übergabe an %1: %2</translation>
    </message>
    <message>
        <source>running</source>
        <translation>läuft</translation>
    </message>
    <message>
        <source>ok</source>
        <translation>ok</translation>
    </message>
    <message>
        <source>error</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>waiting</source>
        <translation>wartet</translation>
    </message>
    <message>
        <source>denied</source>
        <translation>abgelehnt</translation>
    </message>
    <message>
        <source>ignored</source>
        <translation>ignoriert</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>abgebrochen</translation>
    </message>
    <message>
        <source>Select a run to see its timeline.</source>
        <translation>Wähle einen Durchlauf, um seine Zeitleiste zu sehen.</translation>
    </message>
    <message>
        <source>Handoffs</source>
        <translation>Übergaben</translation>
    </message>
    <message>
        <source>handed on by the studio</source>
        <translation>vom Studio weitergegeben</translation>
    </message>
    <message>
        <source>Foreground</source>
        <translation>Vordergrund</translation>
    </message>
</context>
<context>
    <name>LibraryPanel</name>
    <message>
        <source>Story library</source>
        <translation>Story-Bibliothek</translation>
    </message>
    <message>
        <source>Knowledge</source>
        <translation>Wissen</translation>
    </message>
    <message>
        <source>Skills</source>
        <translation>Skills</translation>
    </message>
    <message>
        <source>Canon</source>
        <translation>Kanon</translation>
    </message>
    <message>
        <source>⚠ The project&apos;s files could not be read: %1</source>
        <translation>⚠ Die Dateien des Projekts konnten nicht gelesen werden: %1</translation>
    </message>
    <message numerus="yes">
        <source>Skills ⚠ %n</source>
        <translation>
            <numerusform>Skills ⚠ %n</numerusform>
            <numerusform>Skills ⚠ %n</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n Skill file(s) could not be read; the Skills tab says why.</source>
        <translation>
            <numerusform>%n Skill-Datei konnte nicht gelesen werden; der Tab „Skills“ sagt, warum.</numerusform>
            <numerusform>%n Skill-Dateien konnten nicht gelesen werden; der Tab „Skills“ sagt, warum.</numerusform>
        </translation>
    </message>
    <message>
        <source>Project “%1”</source>
        <translation>Projekt „%1“</translation>
    </message>
</context>
<context>
    <name>LimitsSection</name>
    <message>
        <source>Model rounds per stage</source>
        <translation>Modellrunden je Etappe</translation>
    </message>
    <message>
        <source>Tool calls per stage</source>
        <translation>Werkzeugaufrufe je Etappe</translation>
    </message>
    <message>
        <source>Chat history messages (-1: all)</source>
        <translation>Nachrichten aus dem Chatverlauf (-1: alle)</translation>
    </message>
</context>
<context>
    <name>LineageCard</name>
    <message>
        <source>Open the chat “%1”</source>
        <translation>Den Chat „%1“ öffnen</translation>
    </message>
</context>
<context>
    <name>LiveRunCard</name>
    <message>
        <source>Stop</source>
        <translation>Stopp</translation>
    </message>
    <message>
        <source>Stop this run (Esc)</source>
        <translation>Diesen Durchlauf beenden (Esc)</translation>
    </message>
    <message>
        <source>Review changes</source>
        <translation>Änderungen prüfen</translation>
    </message>
    <message>
        <source>The agent is thinking…</source>
        <translation>Der Agent denkt nach…</translation>
    </message>
    <message>
        <source>is working</source>
        <translation>arbeitet</translation>
    </message>
    <message>
        <source>is waiting for your approval</source>
        <translation>wartet auf deine Freigabe</translation>
    </message>
    <message>
        <source>is stopping…</source>
        <translation>wird beendet…</translation>
    </message>
</context>
<context>
    <name>LocalServerFinder</name>
    <message>
        <source>Find local servers</source>
        <extracomment>the usual servers and the host they are looked for on (tests probe their own loopback server)</extracomment>
        <translation>Lokale Server suchen</translation>
    </message>
    <message>
        <source>Look for Ollama, LM Studio, llama.cpp, KoboldCpp, Jan or vLLM on this computer</source>
        <translation>Auf diesem Computer nach Ollama, LM Studio, llama.cpp, KoboldCpp, Jan oder vLLM suchen</translation>
    </message>
    <message>
        <source>also look on ports, e.g. 9000 8081</source>
        <translation>auch diese Ports prüfen, z. B. 9000 8081</translation>
    </message>
    <message>
        <source>Besides the usual ports (%1)</source>
        <translation>Zusätzlich zu den üblichen Ports (%1)</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a list of port numbers (1-65535), e.g. 9000 8081.</source>
        <translation>„%1“ ist keine Liste von Portnummern (1–65535), z. B. 9000 8081.</translation>
    </message>
    <message>
        <source>Looking for model servers on this computer…</source>
        <translation>Suche Modellserver auf diesem Computer…</translation>
    </message>
    <message>
        <source>Tried ports %1.</source>
        <translation>Geprüfte Ports: %1.</translation>
    </message>
    <message>
        <source>No model server answered on this computer.</source>
        <translation>Auf diesem Computer hat kein Modellserver geantwortet.</translation>
    </message>
    <message>
        <source>; also %1</source>
        <translation>; außerdem %1</translation>
    </message>
    <message>
        <source>%1 at %2</source>
        <translation>%1 unter %2</translation>
    </message>
    <message numerus="yes">
        <source>Found %1 at %2 with %n model(s); the form below is filled in for it — Add connection to keep it%3.</source>
        <translation>
            <numerusform>%1 unter %2 mit %n Modell gefunden; das Formular unten ist dafür ausgefüllt – „Verbindung hinzufügen“ behält sie%3.</numerusform>
            <numerusform>%1 unter %2 mit %n Modellen gefunden; das Formular unten ist dafür ausgefüllt – „Verbindung hinzufügen“ behält sie%3.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>MadeNames</name>
    <message>
        <source>Welcome</source>
        <extracomment>the names the studio gives what it makes itself: stored in English (code finds the Welcome chat by its name), shown in the window&apos;s language until the creator renames them</extracomment>
        <translation>Willkommen</translation>
    </message>
    <message>
        <source>Default</source>
        <translation>Standard</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Relay Studio</source>
        <translation>Relay Studio</translation>
    </message>
    <message>
        <source>Chats</source>
        <translation>Chats</translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation>Zeitleiste</translation>
    </message>
    <message>
        <source>Library</source>
        <translation>Bibliothek</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message numerus="yes">
        <source>%n change(s) wait for your approval. Quit now? The run waits for you: Relay Studio asks you again when it next starts.</source>
        <translation>
            <numerusform>%n Änderung wartet auf deine Genehmigung. Jetzt beenden? Der Durchlauf wartet auf dich: Relay Studio fragt beim nächsten Start erneut.</numerusform>
            <numerusform>%n Änderungen warten auf deine Genehmigung. Jetzt beenden? Der Durchlauf wartet auf dich: Relay Studio fragt beim nächsten Start erneut.</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;New chat</source>
        <translation>&amp;Neuer Chat</translation>
    </message>
    <message>
        <source>Hand off to a new chat…</source>
        <translation>An einen neuen Chat übergeben…</translation>
    </message>
    <message>
        <source>The agent writes a handoff document from this chat; a new chat starts from it (or type /handoff in the composer)</source>
        <translation>Der Agent schreibt aus diesem Chat ein Übergabedokument; ein neuer Chat beginnt damit (oder tippe /handoff ins Eingabefeld)</translation>
    </message>
    <message>
        <source>&amp;Import profile…</source>
        <translation>Profil &amp;importieren…</translation>
    </message>
    <message>
        <source>&amp;Export…</source>
        <translation>&amp;Exportieren…</translation>
    </message>
    <message>
        <source>Write this chat&apos;s answers as a manuscript: Word, EPUB, Markdown or plain text</source>
        <translation>Die Antworten dieses Chats als Manuskript schreiben: Word, EPUB, Markdown oder reiner Text</translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation>&amp;Einstellungen…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>New s&amp;cene…</source>
        <translation>Neue &amp;Szene…</translation>
    </message>
    <message>
        <source>A chat in which characters speak in turn, each knowing only what it witnessed</source>
        <translation>Ein Chat, in dem Figuren abwechselnd sprechen und jede nur weiß, was sie miterlebt hat</translation>
    </message>
    <message>
        <source>New &amp;project…</source>
        <translation>Neues &amp;Projekt…</translation>
    </message>
    <message>
        <source>Rena&amp;me project…</source>
        <translation>Projekt umbenen&amp;nen…</translation>
    </message>
    <message>
        <source>New &amp;agent…</source>
        <translation>Neuer &amp;Agent…</translation>
    </message>
    <message>
        <source>&amp;User guide</source>
        <translation>&amp;Handbuch</translation>
    </message>
    <message>
        <source>The guide shipped with Relay Studio, to read offline</source>
        <translation>Das mit Relay Studio gelieferte Handbuch, auch offline lesbar</translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts</source>
        <translation>&amp;Tastenkürzel</translation>
    </message>
    <message>
        <source>&amp;Timeline</source>
        <translation>&amp;Zeitleiste</translation>
    </message>
    <message>
        <source>Check &amp;continuity…</source>
        <translation>&amp;Kontinuität prüfen…</translation>
    </message>
    <message>
        <source>Find where this chat contradicts the project&apos;s canon, with both passages</source>
        <translation>Findet, wo dieser Chat dem Kanon des Projekts widerspricht, mit beiden Stellen</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;Bearbeiten</translation>
    </message>
    <message>
        <source>&amp;Find in chat</source>
        <translation>Im Chat &amp;suchen</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>Durch&amp;lauf</translation>
    </message>
    <message>
        <source>&amp;Send</source>
        <translation>&amp;Senden</translation>
    </message>
    <message>
        <source>&amp;Enter sends (Shift+Enter adds a line)</source>
        <translation>&amp;Eingabe sendet (Umschalt+Eingabe für neue Zeile)</translation>
    </message>
    <message>
        <source>Plain Enter sends the message; otherwise it adds a line and Ctrl+Enter sends</source>
        <translation>Die Eingabetaste allein sendet die Nachricht; sonst fügt sie eine Zeile ein und Strg+Eingabe sendet</translation>
    </message>
    <message>
        <source>S&amp;top</source>
        <translation>S&amp;toppen</translation>
    </message>
    <message>
        <source>Run the &amp;demo relay</source>
        <translation>&amp;Demo-Staffel starten</translation>
    </message>
    <message>
        <source>&amp;Chat</source>
        <translation>&amp;Chat</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>Timeline fills the window</source>
        <translation>Zeitleiste füllt das Fenster</translation>
    </message>
    <message>
        <source>&amp;Library</source>
        <translation>&amp;Bibliothek</translation>
    </message>
    <message>
        <source>The project&apos;s story library, knowledge and Skills</source>
        <translation>Story-Bibliothek, Wissen und Skills des Projekts</translation>
    </message>
    <message>
        <source>&amp;Reset layout</source>
        <translation>Anordnung &amp;zurücksetzen</translation>
    </message>
    <message>
        <source>The library on the left, the chat, the timeline on the right</source>
        <translation>Links die Bibliothek, dann der Chat, rechts die Zeitleiste</translation>
    </message>
    <message>
        <source>Theme</source>
        <translation>Design</translation>
    </message>
    <message>
        <source>System</source>
        <translation>System</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>Hell</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>Dunkel</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>About Relay Studio</source>
        <translation>Über Relay Studio</translation>
    </message>
    <message>
        <source>Model connections are not available in this build; the demo relay runs offline.</source>
        <translation>Modellverbindungen gibt es in diesem Build nicht; die Demo-Staffel läuft offline.</translation>
    </message>
    <message>
        <source>The model connections could not be read; the demo relay still runs offline.</source>
        <translation>Die Modellverbindungen konnten nicht gelesen werden; die Demo-Staffel läuft trotzdem offline.</translation>
    </message>
    <message>
        <source>No model connection yet. Add one in Settings → Connections (Ctrl+,), for example a model server on this computer; meanwhile, the demo relay runs offline.</source>
        <translation>Noch keine Modellverbindung. Füge eine unter Einstellungen → Verbindungen (Strg+,) hinzu, zum Beispiel einen Modellserver auf diesem Computer; bis dahin läuft die Demo-Staffel offline.</translation>
    </message>
    <message>
        <source>Relay Studio — write with several AI agents that pass the work along.</source>
        <translation>Relay Studio – schreibe mit mehreren KI-Agenten, die die Arbeit weiterreichen.</translation>
    </message>
    <message>
        <source>A run is still going. Quit anyway? It will be stopped.</source>
        <translation>Ein Durchlauf läuft noch. Trotzdem beenden? Er wird gestoppt.</translation>
    </message>
    <message>
        <source>Quit Relay Studio</source>
        <translation>Relay Studio beenden</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <extracomment>(name, standard key, what it does to the field, when it can)</extracomment>
        <translation>&amp;Rückgängig</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>&amp;Wiederholen</translation>
    </message>
    <message>
        <source>Cu&amp;t</source>
        <translation>A&amp;usschneiden</translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation>&amp;Kopieren</translation>
    </message>
    <message>
        <source>&amp;Paste</source>
        <translation>&amp;Einfügen</translation>
    </message>
    <message>
        <source>Select &amp;All</source>
        <translation>&amp;Alles auswählen</translation>
    </message>
</context>
<context>
    <name>MentionTooltip</name>
    <message>
        <source>also called %1</source>
        <translation>auch genannt %1</translation>
    </message>
    <message>
        <source>No description yet.</source>
        <translation>Noch keine Beschreibung.</translation>
    </message>
</context>
<context>
    <name>MessageCard</name>
    <message>
        <source>Earlier version</source>
        <translation>Frühere Version</translation>
    </message>
    <message>
        <source>Later version</source>
        <translation>Spätere Version</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>Kopieren</translation>
    </message>
    <message>
        <source>Copy this message</source>
        <translation>Diese Nachricht kopieren</translation>
    </message>
    <message>
        <source>Regenerate</source>
        <translation>Neu erzeugen</translation>
    </message>
    <message>
        <source>Answer the same request again; this answer stays as an earlier version</source>
        <translation>Dieselbe Anfrage erneut beantworten; diese Antwort bleibt als frühere Version</translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation>Zeitleiste</translation>
    </message>
    <message>
        <source>Show this run on the timeline</source>
        <translation>Diesen Durchlauf auf der Zeitleiste zeigen</translation>
    </message>
    <message>
        <source>Edit</source>
        <translation>Bearbeiten</translation>
    </message>
    <message>
        <source>Edit this message and send it again as a new message</source>
        <translation>Diese Nachricht bearbeiten und als neue Nachricht erneut senden</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Löschen</translation>
    </message>
    <message>
        <source>Remove this message from the chat (what agents committed stays in the run&apos;s history)</source>
        <translation>Diese Nachricht aus dem Chat entfernen (was Agenten festgeschrieben haben, bleibt im Verlauf des Durchlaufs)</translation>
    </message>
    <message>
        <source>Sources the agents looked up</source>
        <translation>Quellen, die die Agenten nachgeschlagen haben</translation>
    </message>
    <message>
        <source>Open the document at this place</source>
        <translation>Das Dokument an dieser Stelle öffnen</translation>
    </message>
    <message>
        <source>Add to canon…</source>
        <translation>Zum Kanon hinzufügen …</translation>
    </message>
    <message>
        <source>version %1 of %2</source>
        <translation>Version %1 von %2</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>gestoppt</translation>
    </message>
    <message>
        <source>answered in plain text</source>
        <translation>als einfacher Text beantwortet</translation>
    </message>
    <message>
        <source>finished by %1</source>
        <translation>abgeschlossen von %1</translation>
    </message>
    <message>
        <source>You</source>
        <translation>Du</translation>
    </message>
    <message>
        <source>Assistant</source>
        <translation>Assistent</translation>
    </message>
</context>
<context>
    <name>ModelSection</name>
    <message>
        <source>Connection</source>
        <extracomment>The Connection field&apos;s choices that are not a named connection: (mode, connection).</extracomment>
        <translation>Verbindung</translation>
    </message>
    <message>
        <source>Where the model runs: one of your connections (Settings → Connections), or whichever connection is the default.</source>
        <translation>Wo das Modell läuft: eine deiner Verbindungen (Einstellungen → Verbindungen) oder die jeweilige Standardverbindung.</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>Pick one of the models the server offers, or type a name.</source>
        <translation>Wähle eines der Modelle des Servers oder gib einen Namen ein.</translation>
    </message>
    <message>
        <source>Temperature</source>
        <translation>Temperatur</translation>
    </message>
    <message>
        <source>default</source>
        <translation>Standard</translation>
    </message>
    <message>
        <source>0 = predictable, 2 = adventurous (model.temperature)</source>
        <translation>0 = vorhersehbar, 2 = wagemutig (model.temperature)</translation>
    </message>
    <message>
        <source>Longest answer (tokens)</source>
        <translation>Längste Antwort (Tokens)</translation>
    </message>
    <message>
        <source>Using its tools</source>
        <translation>Werkzeuge nutzen</translation>
    </message>
    <message>
        <source>When it decides</source>
        <translation>Wenn er es entscheidet</translation>
    </message>
    <message>
        <source>At every step</source>
        <translation>Bei jedem Schritt</translation>
    </message>
    <message>
        <source>Never call tools</source>
        <translation>Nie Werkzeuge aufrufen</translation>
    </message>
    <message>
        <source>Retries</source>
        <translation>Wiederholungen</translation>
    </message>
    <message>
        <source>model.maxRetries: tries again after a server error that may pass</source>
        <translation>model.maxRetries: versucht es nach einem vorübergehenden Serverfehler erneut</translation>
    </message>
    <message>
        <source>The default connection (now %1)</source>
        <translation>Die Standardverbindung (jetzt %1)</translation>
    </message>
    <message>
        <source>The default connection</source>
        <translation>Die Standardverbindung</translation>
    </message>
    <message>
        <source>%1 (default)</source>
        <translation>%1 (Standard)</translation>
    </message>
    <message>
        <source>%1 (not on this computer)</source>
        <translation>%1 (nicht auf diesem Computer)</translation>
    </message>
    <message>
        <source>Not chosen yet (it cannot run)</source>
        <translation>Noch nicht gewählt (er kann nicht laufen)</translation>
    </message>
    <message>
        <source>This agent cannot run until you choose a connection.</source>
        <translation>Dieser Agent kann erst laufen, wenn du eine Verbindung wählst.</translation>
    </message>
    <message>
        <source>There is no connection “%1” on this computer: runs of this agent will fail. Choose another, or add it in Settings → Connections.</source>
        <translation>Auf diesem Computer gibt es keine Verbindung „%1“: Durchläufe dieses Agenten schlagen fehl. Wähle eine andere oder füge sie unter Einstellungen → Verbindungen hinzu.</translation>
    </message>
    <message>
        <source>You have no connection yet: add one in Settings → Connections, and this agent will use it.</source>
        <translation>Du hast noch keine Verbindung: Füge eine unter Einstellungen → Verbindungen hinzu, dann nutzt dieser Agent sie.</translation>
    </message>
    <message>
        <source>the connection&apos;s own default model</source>
        <translation>das Standardmodell der Verbindung</translation>
    </message>
    <message>
        <source>e.g. qwen3:8b</source>
        <translation>z. B. qwen3:8b</translation>
    </message>
    <message>
        <source>Asking the server which models it offers…</source>
        <translation>Frage den Server, welche Modelle er anbietet…</translation>
    </message>
    <message>
        <source>The models could not be listed: %1 You can still type a model&apos;s name.</source>
        <translation>Die Modelle konnten nicht abgerufen werden: %1 Du kannst trotzdem den Namen eines Modells eingeben.</translation>
    </message>
    <message numerus="yes">
        <source>The server offers %n model(s): pick one from the list, or type a name.</source>
        <translation>
            <numerusform>Der Server bietet %n Modell an: Wähle es aus der Liste oder gib einen Namen ein.</numerusform>
            <numerusform>Der Server bietet %n Modelle an: Wähle eines aus der Liste oder gib einen Namen ein.</numerusform>
        </translation>
    </message>
    <message>
        <source>The server lists no models; type a model&apos;s name.</source>
        <translation>Der Server nennt keine Modelle; gib den Namen eines Modells ein.</translation>
    </message>
</context>
<context>
    <name>NewAgentDialog</name>
    <message>
        <source>New agent</source>
        <translation>Neuer Agent</translation>
    </message>
    <message>
        <source>Start from:</source>
        <translation>Ausgehend von:</translation>
    </message>
    <message>
        <source>Starting points</source>
        <translation>Ausgangspunkte</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Create</source>
        <translation>Erstellen</translation>
    </message>
    <message>
        <source>Creates three agents at once: “%1 writer” hands off to “%1 editor”, which hands off to “%1 finalizer”. The editor opens on the first.</source>
        <translation>Erstellt drei Agenten auf einmal: „%1 writer“ übergibt an „%1 editor“, der an „%1 finalizer“ übergibt. Der Editor öffnet den ersten.</translation>
    </message>
    <message>
        <source>Creates “%1” and its own Skill writer. Before each story library or output write it asks the Consistency reviewer; for rules, the Rules advisor.</source>
        <translation>Erstellt „%1“ und einen eigenen Skill-Schreiber. Vor jedem Schreiben in die Story-Bibliothek oder nach output fragt die Regie den Konsistenzprüfer, bei Regelfragen den Regelberater.</translation>
    </message>
    <message>
        <source>An agent named “%1” exists already; two agents with one name are hard to tell apart in the chat. It opens in the editor; nothing is stored until you Save.</source>
        <translation>Es gibt schon einen Agenten namens „%1“; zwei Agenten mit demselben Namen sind im Chat schwer zu unterscheiden. Er öffnet sich im Editor; gespeichert wird erst, wenn du auf Speichern klickst.</translation>
    </message>
    <message>
        <source>Opens in the editor; nothing is stored until you Save.</source>
        <translation>Öffnet sich im Editor; gespeichert wird erst, wenn du auf Speichern klickst.</translation>
    </message>
</context>
<context>
    <name>NewAgentTemplates</name>
    <message>
        <source>A blank agent</source>
        <extracomment>Template key -&gt; (its name, what it does), as the list shows them (English; translated where shown).</extracomment>
        <translation>Ein leerer Agent</translation>
    </message>
    <message>
        <source>Reads and writes files, commits its answer and finishes. Nothing else.</source>
        <translation>Liest und schreibt Dateien, schreibt seine Antwort fest und beendet. Sonst nichts.</translation>
    </message>
    <message>
        <source>A writer</source>
        <translation>Ein Autor</translation>
    </message>
    <message>
        <source>Drafts what the creator asks for, then hands the draft on.</source>
        <translation>Entwirft, worum du bittest, und übergibt den Entwurf dann.</translation>
    </message>
    <message>
        <source>An editor</source>
        <translation>Ein Lektor</translation>
    </message>
    <message>
        <source>Revises a draft for structure, clarity and voice, then hands it on.</source>
        <translation>Überarbeitet einen Entwurf auf Aufbau, Klarheit und Ton und übergibt ihn dann.</translation>
    </message>
    <message>
        <source>A finalizer</source>
        <translation>Ein Abschluss-Agent</translation>
    </message>
    <message>
        <source>Polishes the text, commits the final message and finishes.</source>
        <translation>Feilt am Text, schreibt die endgültige Nachricht fest und beendet.</translation>
    </message>
    <message>
        <source>A helper</source>
        <translation>Ein Helfer</translation>
    </message>
    <message>
        <source>Does side tasks other agents delegate (background, facts) and reports back.</source>
        <translation>Erledigt Nebenaufgaben, die andere Agenten abgeben (Hintergrund, Fakten), und berichtet zurück.</translation>
    </message>
    <message>
        <source>A director (reviews before it writes)</source>
        <translation>Eine Regie (prüft, bevor sie schreibt)</translation>
    </message>
    <message>
        <source>Reads the story library and the rulebooks, has each draft checked by the consistency reviewer before writing it, and writes only changes you approve.</source>
        <translation>Liest die Story-Bibliothek und die Regelwerke, lässt jeden Entwurf vor dem Schreiben vom Konsistenzprüfer prüfen und schreibt nur Änderungen, die du freigibst.</translation>
    </message>
    <message>
        <source>A relay (writer → editor → finalizer)</source>
        <translation>Eine Staffel (Autor → Lektor → Abschluss)</translation>
    </message>
    <message>
        <source>Three agents set up to hand off to each other, all created at once.</source>
        <translation>Drei Agenten, die einander übergeben, alle auf einmal erstellt.</translation>
    </message>
</context>
<context>
    <name>NewSceneDialog</name>
    <message>
        <source>New scene</source>
        <translation>Neue Szene</translation>
    </message>
    <message>
        <source>A scene is a chat in which characters speak in turn, each knowing only what it witnessed. Characters are agents: import SillyTavern character cards in the Library (Import…) to make agents of them.</source>
        <translation>Eine Szene ist ein Chat, in dem Figuren abwechselnd sprechen und jede nur weiß, was sie miterlebt hat. Figuren sind Agenten: Importiere SillyTavern-Charakterkarten in der Bibliothek (Importieren…), um Agenten daraus zu machen.</translation>
    </message>
    <message>
        <source>Scene</source>
        <translation>Szene</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Cast</source>
        <translation>Besetzung</translation>
    </message>
    <message>
        <source> · from a card</source>
        <translation> · aus einer Karte</translation>
    </message>
    <message>
        <source>Narrator</source>
        <translation>Erzähler</translation>
    </message>
    <message>
        <source>No narrator</source>
        <translation>Kein Erzähler</translation>
    </message>
    <message>
        <source>Create</source>
        <translation>Erstellen</translation>
    </message>
</context>
<context>
    <name>NoticeCard</name>
    <message>
        <source>&lt;a href=&quot;#details&quot;&gt;Details&lt;/a&gt;</source>
        <translation>&lt;a href=&quot;#details&quot;&gt;Details&lt;/a&gt;</translation>
    </message>
    <message>
        <source>Publish your edited version</source>
        <translation>Deine bearbeitete Fassung veröffentlichen</translation>
    </message>
    <message>
        <source>Publish the approved version</source>
        <translation>Die genehmigte Fassung veröffentlichen</translation>
    </message>
    <message>
        <source>Make the approved %1 this run&apos;s answer in the chat</source>
        <translation>Die genehmigte Datei %1 zur Antwort dieses Durchlaufs im Chat machen</translation>
    </message>
</context>
<context>
    <name>Operations</name>
    <message>
        <source>Something unexpected went wrong (%1). The log has the details.</source>
        <translation>Etwas Unerwartetes ist schiefgegangen (%1). Die Einzelheiten stehen im Protokoll.</translation>
    </message>
    <message>
        <source>Relay Studio</source>
        <translation>Relay Studio</translation>
    </message>
</context>
<context>
    <name>PatchDialog</name>
    <message>
        <source>%1: write %2</source>
        <translation>%1: %2 schreiben</translation>
    </message>
    <message>
        <source>%1: change %2</source>
        <translation>%1: %2 ändern</translation>
    </message>
    <message>
        <source>%1: commit %2</source>
        <translation>%1: %2 festschreiben</translation>
    </message>
    <message>
        <source>%1: call %2</source>
        <translation>%1: %2 aufrufen</translation>
    </message>
    <message>
        <source>conflict</source>
        <translation>Widerspruch</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>Warnung</translation>
    </message>
    <message>
        <source>info</source>
        <translation>Hinweis</translation>
    </message>
    <message>
        <source>Review changes</source>
        <extracomment>the reason the agent reads when the creator approved with no part of the change ticked</extracomment>
        <translation>Änderungen prüfen</translation>
    </message>
    <message>
        <source>Side by side</source>
        <translation>Nebeneinander</translation>
    </message>
    <message>
        <source>Unified</source>
        <translation>Zusammengeführt</translation>
    </message>
    <message>
        <source>Result (editable)</source>
        <translation>Ergebnis (bearbeitbar)</translation>
    </message>
    <message>
        <source>Proposed changes</source>
        <translation>Vorgeschlagene Änderungen</translation>
    </message>
    <message>
        <source>Changes to apply</source>
        <translation>Anzuwendende Änderungen</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>Begründung</translation>
    </message>
    <message>
        <source>Why you reject it (optional; the agent reads this)</source>
        <translation>Warum du ablehnst (optional; der Agent liest das)</translation>
    </message>
    <message>
        <source>The review found conflicts: say why you approve it anyway.</source>
        <translation>Die Prüfung hat Widersprüche gefunden: Sag, warum du trotzdem freigibst.</translation>
    </message>
    <message>
        <source>Approve the rest of this run</source>
        <translation>Den Rest dieses Durchlaufs freigeben</translation>
    </message>
    <message>
        <source>Ctrl+Enter approves · Ctrl+Backspace rejects · Esc closes</source>
        <translation>Strg+Eingabe gibt frei · Strg+Rücktaste lehnt ab · Esc schließt</translation>
    </message>
    <message>
        <source>Reject</source>
        <translation>Ablehnen</translation>
    </message>
    <message>
        <source>Approve</source>
        <translation>Freigeben</translation>
    </message>
    <message>
        <source>Nothing waits for your approval.</source>
        <translation>Nichts wartet auf deine Freigabe.</translation>
    </message>
    <message numerus="yes">
        <source>%n change(s) wait for your approval</source>
        <translation>
            <numerusform>%n Änderung wartet auf deine Freigabe</numerusform>
            <numerusform>%n Änderungen warten auf deine Freigabe</numerusform>
        </translation>
    </message>
    <message>
        <source> · showing %1 of %2</source>
        <translation> · %1 von %2 angezeigt</translation>
    </message>
    <message>
        <source>Choose a change in the list.</source>
        <translation>Wähle eine Änderung in der Liste.</translation>
    </message>
    <message>
        <source>%1 wants to change %2</source>
        <translation>%1 möchte %2 ändern</translation>
    </message>
    <message>
        <source>%1 wants to write %2</source>
        <translation>%1 möchte %2 schreiben</translation>
    </message>
    <message>
        <source>%1 wants to publish %2 to the chat</source>
        <translation>%1 möchte %2 im Chat veröffentlichen</translation>
    </message>
    <message>
        <source>%1 wants to call %2</source>
        <translation>%1 möchte %2 aufrufen</translation>
    </message>
    <message>
        <source>Publishes %1 to the chat as the reply you read, as the file is when the commit runs (after the changes listed before it are decided).</source>
        <translation>Veröffentlicht %1 im Chat als die Antwort, die du liest – so, wie die Datei beim Festschreiben ist (nachdem über die davor aufgeführten Änderungen entschieden ist).</translation>
    </message>
    <message>
        <source>The review found conflicts</source>
        <translation>Die Prüfung hat Widersprüche gefunden</translation>
    </message>
    <message>
        <source>The review has warnings</source>
        <translation>Die Prüfung hat Warnungen</translation>
    </message>
    <message>
        <source>The review found no problem</source>
        <translation>Die Prüfung hat kein Problem gefunden</translation>
    </message>
    <message>
        <source>It needs nothing more.</source>
        <translation>Mehr braucht es nicht.</translation>
    </message>
    <message>
        <source>Review</source>
        <translation>Prüfung</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>Einzelheiten</translation>
    </message>
    <message>
        <source>No issues.</source>
        <translation>Keine Befunde.</translation>
    </message>
    <message>
        <source>Approve anyway</source>
        <translation>Trotzdem freigeben</translation>
    </message>
    <message>
        <source>Why you approve it despite the conflicts, or why you reject it (the agent reads this)</source>
        <translation>Warum du trotz der Widersprüche freigibst oder warum du ablehnst (der Agent liest das)</translation>
    </message>
    <message>
        <source>A change the review found in conflict is decided on its own.</source>
        <translation>Über eine Änderung, bei der die Prüfung Widersprüche gefunden hat, wird einzeln entschieden.</translation>
    </message>
    <message>
        <source>Before</source>
        <translation>Vorher</translation>
    </message>
    <message>
        <source>After</source>
        <translation>Nachher</translation>
    </message>
    <message>
        <source>After (your version)</source>
        <translation>Nachher (deine Fassung)</translation>
    </message>
    <message>
        <source>No changes.</source>
        <translation>Keine Änderungen.</translation>
    </message>
</context>
<context>
    <name>PresenceDialog</name>
    <message>
        <source>Who heard what</source>
        <translation>Wer hat was gehört</translation>
    </message>
    <message>
        <source>Who was present when each message was said. A character&apos;s prompt holds only the messages it was present for; tick or untick to correct it.</source>
        <translation>Wer anwesend war, als jede Nachricht gesagt wurde. Der Prompt einer Figur enthält nur die Nachrichten, bei denen sie anwesend war; zum Korrigieren an- oder abhaken.</translation>
    </message>
    <message>
        <source>Scene</source>
        <translation>Szene</translation>
    </message>
    <message>
        <source>Said by</source>
        <translation>Gesagt von</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>Nachricht</translation>
    </message>
    <message>
        <source>Reading the scene…</source>
        <translation>Die Szene wird gelesen…</translation>
    </message>
    <message>
        <source>The scene could not be read: %1</source>
        <translation>Die Szene konnte nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>you</source>
        <translation>du</translation>
    </message>
    <message>
        <source> (privately)</source>
        <translation> (privat)</translation>
    </message>
</context>
<context>
    <name>ProblemsBar</name>
    <message numerus="yes">
        <source>%1 › %2: %n problem(s) — go there</source>
        <translation>
            <numerusform>%1 › %2: %n Problem – dorthin springen</numerusform>
            <numerusform>%1 › %2: %n Probleme – dorthin springen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>…and %n more (see the sections marked ⚠)</source>
        <translation>
            <numerusform>…und %n weiteres (siehe die mit ⚠ markierten Abschnitte)</numerusform>
            <numerusform>…und %n weitere (siehe die mit ⚠ markierten Abschnitte)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ProfileEditor</name>
    <message>
        <source>Duplicate</source>
        <translation>Duplizieren</translation>
    </message>
    <message>
        <source>Import…</source>
        <translation>Importieren…</translation>
    </message>
    <message>
        <source>Export…</source>
        <translation>Exportieren…</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Löschen</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>Speichern</translation>
    </message>
    <message>
        <source>Save (Ctrl+S)</source>
        <translation>Speichern (Strg+S)</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <source>Sections</source>
        <translation>Abschnitte</translation>
    </message>
    <message>
        <source>“%1” is set to Never in Tools; untick Never there first.</source>
        <translation>„%1“ steht unter Werkzeuge auf Nie; entferne dort zuerst das Häkchen bei Nie.</translation>
    </message>
    <message>
        <source>Something here needs fixing</source>
        <translation>Hier muss etwas behoben werden</translation>
    </message>
    <message>
        <source>Saved</source>
        <translation>Gespeichert</translation>
    </message>
    <message>
        <source>Untitled agent</source>
        <translation>Unbenannter Agent</translation>
    </message>
    <message>
        <source> · built-in, read-only</source>
        <translation> · eingebaut, schreibgeschützt</translation>
    </message>
    <message>
        <source> · not saved yet</source>
        <translation> · noch nicht gespeichert</translation>
    </message>
    <message>
        <source> · changed</source>
        <translation> · geändert</translation>
    </message>
    <message>
        <source>Fix the problems above to see what the model would receive.</source>
        <extracomment>narrower than this, the section rail steps aside and the form takes the whole width (a 1000 px window leaves the editor ~430 px: beside the rail, the fields would need sideways scrolling)</extracomment>
        <translation>Behebe die Probleme oben, um zu sehen, was das Modell erhalten würde.</translation>
    </message>
    <message>
        <source>The preview is not available: %1</source>
        <translation>Die Vorschau ist nicht verfügbar: %1</translation>
    </message>
    <message>
        <source>Raw JSON: not valid JSON (line %1, column %2): %3 (profile.invalid_json)</source>
        <translation>Roh-JSON: kein gültiges JSON (Zeile %1, Spalte %2): %3 (profile.invalid_json)</translation>
    </message>
    <message>
        <source>A new agent: change what you like, then Save.</source>
        <translation>Ein neuer Agent: Ändere, was du möchtest, und speichere dann.</translation>
    </message>
    <message>
        <source>Created %1 and %2: each hands off to the next, in that order. Start a run with %3.</source>
        <translation>%1 und %2 erstellt: Jeder übergibt in dieser Reihenfolge an den nächsten. Starte einen Durchlauf mit %3.</translation>
    </message>
    <message>
        <source>Created %1 and, for it, %2. Start a run with %3.</source>
        <translation>%1 und dafür %2 angelegt. Starte einen Durchlauf mit %3.</translation>
    </message>
    <message>
        <source>A built-in profile is read-only. Duplicate it to make your own version.</source>
        <translation>Ein eingebautes Profil ist schreibgeschützt. Dupliziere es, um deine eigene Fassung zu erstellen.</translation>
    </message>
    <message>
        <source>%1 (copy)</source>
        <translation>%1 (Kopie)</translation>
    </message>
    <message>
        <source>A copy: change what you like, then Save.</source>
        <translation>Eine Kopie: Ändere, was du möchtest, und speichere dann.</translation>
    </message>
    <message>
        <source>Saved “%1”.</source>
        <translation>„%1“ gespeichert.</translation>
    </message>
    <message>
        <source>Unsaved agent</source>
        <translation>Nicht gespeicherter Agent</translation>
    </message>
    <message>
        <source>“%1” has changes that are not saved. Save them before closing?</source>
        <translation>„%1“ hat Änderungen, die nicht gespeichert sind. Vor dem Schließen speichern?</translation>
    </message>
    <message>
        <source>Import a profile</source>
        <translation>Ein Profil importieren</translation>
    </message>
    <message>
        <source>Profiles (*.json)</source>
        <translation>Profile (*.json)</translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>%1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>%1 was not imported: fix the problems shown, then Save.</source>
        <translation>%1 wurde nicht importiert: Behebe die angezeigten Probleme und speichere dann.</translation>
    </message>
    <message>
        <source>Imported “%1” from %2.</source>
        <translation>„%1“ aus %2 importiert.</translation>
    </message>
    <message>
        <source>Export the profile</source>
        <translation>Das Profil exportieren</translation>
    </message>
    <message>
        <source>Could not export to %1: %2</source>
        <translation>Export nach %1 nicht möglich: %2</translation>
    </message>
    <message>
        <source>Exported to %1 (without your connection: whoever imports it chooses their own).</source>
        <translation>Nach %1 exportiert (ohne deine Verbindung: wer es importiert, wählt seine eigene).</translation>
    </message>
</context>
<context>
    <name>PromptSection</name>
    <message>
        <source>Use the generated prompt</source>
        <translation>Den erzeugten Prompt verwenden</translation>
    </message>
    <message>
        <source>instructions.systemPrompt left empty: the runtime writes it from the tools</source>
        <translation>instructions.systemPrompt bleibt leer: Die Laufzeit schreibt ihn aus den Werkzeugen</translation>
    </message>
    <message>
        <source>Own prompt</source>
        <translation>Eigener Prompt</translation>
    </message>
    <message>
        <source>Generated (what your prompt replaces)</source>
        <translation>Erzeugt (was dein Prompt ersetzt)</translation>
    </message>
    <message>
        <source>Standing instructions</source>
        <translation>Dauerhafte Anweisungen</translation>
    </message>
    <message>
        <source>instructions.taskPrompt: added after the prompt in every call</source>
        <translation>instructions.taskPrompt: wird bei jedem Aufruf nach dem Prompt angefügt</translation>
    </message>
</context>
<context>
    <name>RerunControls</name>
    <message>
        <source>Rerun from here…</source>
        <translation>Ab hier neu ausführen…</translation>
    </message>
    <message>
        <source>Run this stage again in a new run, with the files as it found them: another agent, brief or model if you like</source>
        <translation>Diese Stufe in einem neuen Durchlauf erneut ausführen, mit den Dateien, wie sie sie vorfand: auf Wunsch mit einem anderen Agenten, Auftrag oder Modell</translation>
    </message>
    <message>
        <source>Rerun from stage %1</source>
        <translation>Ab Stufe %1 neu ausführen</translation>
    </message>
    <message>
        <source>the fork from stage %1</source>
        <translation>die Abzweigung ab Stufe %1</translation>
    </message>
    <message>
        <source>the original run</source>
        <translation>den ursprünglichen Durchlauf</translation>
    </message>
</context>
<context>
    <name>ReviewWords</name>
    <message>
        <source>passed</source>
        <translation>bestanden</translation>
    </message>
    <message numerus="yes">
        <source>warning · %n issue(s)</source>
        <translation>
            <numerusform>Warnung · %n Problem</numerusform>
            <numerusform>Warnung · %n Probleme</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>conflict · %n issue(s)</source>
        <translation>
            <numerusform>Widerspruch · %n Problem</numerusform>
            <numerusform>Widerspruch · %n Probleme</numerusform>
        </translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>abgebrochen</translation>
    </message>
    <message>
        <source>reviewing…</source>
        <translation>wird geprüft…</translation>
    </message>
    <message>
        <source>Rules review</source>
        <translation>Regelprüfung</translation>
    </message>
    <message>
        <source>Consistency review of “%1”</source>
        <translation>Konsistenzprüfung von „%1“</translation>
    </message>
    <message>
        <source>Consistency review</source>
        <translation>Konsistenzprüfung</translation>
    </message>
    <message>
        <source>%1 by %2: %3</source>
        <translation>%1 durch %2: %3</translation>
    </message>
</context>
<context>
    <name>RunActions</name>
    <message>
        <source>A run is already going in this chat.</source>
        <extracomment>a scene chat&apos;s turns (set by the window): Send there starts a character&apos;s turn</extracomment>
        <translation>In diesem Chat läuft bereits ein Durchlauf.</translation>
    </message>
    <message>
        <source>Wait for the active run to end, or stop it, before regenerating.</source>
        <translation>Warte, bis der laufende Durchlauf endet, oder stoppe ihn, bevor du neu erzeugst.</translation>
    </message>
    <message>
        <source>The agent at work will read your guidance at its next step.</source>
        <translation>Der arbeitende Agent liest deinen Hinweis bei seinem nächsten Schritt.</translation>
    </message>
    <message>
        <source>This message belongs to the run in progress; stop it first.</source>
        <translation>Diese Nachricht gehört zum laufenden Durchlauf; stoppe ihn zuerst.</translation>
    </message>
    <message>
        <source>Delete message</source>
        <translation>Nachricht löschen</translation>
    </message>
    <message>
        <source>Delete this message from the chat? Later runs will not see it. What the agents committed stays in the run&apos;s history on the timeline.</source>
        <translation>Diese Nachricht aus dem Chat löschen? Spätere Durchläufe sehen sie nicht mehr. Was die Agenten festgeschrieben haben, bleibt im Verlauf des Durchlaufs auf der Zeitleiste.</translation>
    </message>
    <message>
        <source>Your message will be sent when the run ends.</source>
        <translation>Deine Nachricht wird gesendet, wenn der Durchlauf endet.</translation>
    </message>
    <message>
        <source>No run yet</source>
        <translation>Noch kein Durchlauf</translation>
    </message>
    <message>
        <source>Agent: %1</source>
        <translation>Agent: %1</translation>
    </message>
    <message>
        <source>~%1 in · ~%2 out tokens (estimated)</source>
        <translation>~%1 ein · ~%2 aus (Tokens, geschätzt)</translation>
    </message>
    <message>
        <source>The model&apos;s server sent no token counts for some calls; they are estimated at about four characters a token.</source>
        <translation>Der Server des Modells meldete für manche Aufrufe keine Token-Zahlen; sie sind geschätzt, etwa vier Zeichen je Token.</translation>
    </message>
    <message>
        <source>%1 in · %2 out tokens</source>
        <translation>%1 ein · %2 aus (Tokens)</translation>
    </message>
    <message>
        <source> · forecast %1–%2 in</source>
        <translation> · Prognose %1–%2 ein</translation>
    </message>
    <message>
        <source>, cost %1–%2, used %3 %4</source>
        <translation>, Kosten %1–%2, verbraucht %3 %4</translation>
    </message>
</context>
<context>
    <name>RunStatus</name>
    <message>
        <source>created</source>
        <extracomment>the languages the window speaks, English first (the source language: it needs no catalogue) each language&apos;s name in itself, as Settings → Language lists it the window settings&apos; key; &quot;&quot; (or absent) follows the operating system</extracomment>
        <translation>angelegt</translation>
    </message>
    <message>
        <source>running</source>
        <translation>läuft</translation>
    </message>
    <message>
        <source>awaiting approval</source>
        <translation>wartet auf Freigabe</translation>
    </message>
    <message>
        <source>cancelling</source>
        <translation>wird abgebrochen</translation>
    </message>
    <message>
        <source>completed</source>
        <translation>abgeschlossen</translation>
    </message>
    <message>
        <source>partial success</source>
        <translation>teilweise erfolgreich</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>abgebrochen</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>interrupted</source>
        <translation>unterbrochen</translation>
    </message>
</context>
<context>
    <name>SceneBar</name>
    <message>
        <source>default connection</source>
        <translation>Standardverbindung</translation>
    </message>
    <message>
        <source>not configured</source>
        <translation>nicht eingerichtet</translation>
    </message>
    <message>
        <source>(no such agent)</source>
        <translation>(diesen Agenten gibt es nicht)</translation>
    </message>
    <message>
        <source>Next turn</source>
        <translation>Nächster Zug</translation>
    </message>
    <message>
        <source>The character you picked speaks; none picked: the next one in turn, or the one the narrator chose. What you wrote in the message is the scene&apos;s direction for that turn.</source>
        <translation>Die gewählte Figur spricht; ohne Wahl die nächste der Reihe nach oder die, die der Erzähler bestimmt hat. Was du in die Nachricht geschrieben hast, ist die Regieanweisung für diesen Zug.</translation>
    </message>
    <message>
        <source>Scene break</source>
        <translation>Szenenwechsel</translation>
    </message>
    <message>
        <source>Start the next scene with the characters present now</source>
        <translation>Die nächste Szene mit den jetzt anwesenden Figuren beginnen</translation>
    </message>
    <message>
        <source>Who heard what…</source>
        <translation>Wer hat was gehört…</translation>
    </message>
    <message>
        <source>Who was present for each message; correct it there</source>
        <translation>Wer bei jeder Nachricht anwesend war; dort korrigieren</translation>
    </message>
    <message>
        <source>All speak with: %1</source>
        <translation>Alle sprechen mit: %1</translation>
    </message>
    <message>
        <source>Speaking with: %1</source>
        <translation>Sprechen mit: %1</translation>
    </message>
    <message>
        <source>next: %1 (your pick)</source>
        <translation>als Nächstes: %1 (deine Wahl)</translation>
    </message>
    <message>
        <source>next: %1 (the narrator&apos;s pick)</source>
        <translation>als Nächstes: %1 (Wahl des Erzählers)</translation>
    </message>
    <message>
        <source>next: whoever&apos;s turn it is</source>
        <translation>als Nächstes: wer an der Reihe ist</translation>
    </message>
    <message>
        <source>Scene %1 · %2</source>
        <translation>Szene %1 · %2</translation>
    </message>
    <message>
        <source>%1 leaves the scene</source>
        <translation>%1 verlässt die Szene</translation>
    </message>
    <message>
        <source>%1 enters the scene</source>
        <translation>%1 betritt die Szene</translation>
    </message>
    <message>
        <source>%1 speaks next</source>
        <translation>%1 spricht als Nächstes</translation>
    </message>
</context>
<context>
    <name>SceneContextWords</name>
    <message numerus="yes">
        <source>%n message(s)</source>
        <translation>
            <numerusform>%n Nachricht</numerusform>
            <numerusform>%n Nachrichten</numerusform>
        </translation>
    </message>
    <message>
        <source>the entry “%1”: %2</source>
        <translation>der Eintrag „%1“: %2</translation>
    </message>
    <message>
        <source>the fact %1: %2</source>
        <translation>die Tatsache %1: %2</translation>
    </message>
    <message>
        <source>It saw %1 of the scene&apos;s messages.</source>
        <translation>Sie hat %1 Nachrichten der Szene gesehen.</translation>
    </message>
    <message>
        <source>Nothing was left out.</source>
        <translation>Nichts wurde weggelassen.</translation>
    </message>
    <message>
        <source>Left out of what this character saw</source>
        <translation>Was diese Figur nicht gesehen hat</translation>
    </message>
    <message>
        <source>Canon left out for this character</source>
        <translation>Für diese Figur weggelassener Kanon</translation>
    </message>
</context>
<context>
    <name>SceneLanes</name>
    <message>
        <source>Turn %1</source>
        <translation>Zug %1</translation>
    </message>
    <message>
        <source>Scene %1</source>
        <translation>Szene %1</translation>
    </message>
    <message>
        <source>Whole scene: a lane per character, a bar per turn</source>
        <translation>Ganze Szene: eine Bahn je Figur, ein Balken je Zug</translation>
    </message>
    <message>
        <source>Whole scene</source>
        <translation>Ganze Szene</translation>
    </message>
</context>
<context>
    <name>SceneLanesView</name>
    <message>
        <source>Scenes</source>
        <translation>Szenen</translation>
    </message>
    <message>
        <source>completed</source>
        <translation>abgeschlossen</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>gestoppt</translation>
    </message>
    <message>
        <source>running</source>
        <translation>läuft</translation>
    </message>
    <message>
        <source>%1 · %2 · scene %3 · %4
Click: show this turn&apos;s run below.</source>
        <translation>%1 · %2 · Szene %3 · %4
Klick: den Durchlauf dieses Zugs unten zeigen.</translation>
    </message>
</context>
<context>
    <name>SceneTurns</name>
    <message>
        <source>A turn is going on; wait for it to end, or stop it.</source>
        <extracomment>the command named someone who is not in the cast</extracomment>
        <translation>Ein Zug läuft; warte, bis er endet, oder halte ihn an.</translation>
    </message>
    <message>
        <source>There is nobody called “%1” in this scene (%2).</source>
        <translation>In dieser Szene heißt niemand „%1“ (%2).</translation>
    </message>
</context>
<context>
    <name>Section</name>
    <message>
        <source>Identity</source>
        <translation>Identität</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>Delegation and handoff</source>
        <translation>Delegation und Übergabe</translation>
    </message>
    <message>
        <source>Tools</source>
        <translation>Werkzeuge</translation>
    </message>
    <message>
        <source>System prompt</source>
        <translation>Systemprompt</translation>
    </message>
    <message>
        <source>Workspace</source>
        <translation>Arbeitsbereich</translation>
    </message>
    <message>
        <source>Limits</source>
        <translation>Grenzen</translation>
    </message>
    <message>
        <source>Raw JSON</source>
        <translation>Roh-JSON</translation>
    </message>
    <message>
        <source>What the model sees</source>
        <translation>Was das Modell sieht</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <source>Settings</source>
        <translation>Einstellungen</translation>
    </message>
</context>
<context>
    <name>Shortcuts</name>
    <message>
        <source>Add a line in the message</source>
        <translation>Eine Zeile in der Nachricht hinzufügen</translation>
    </message>
    <message>
        <source>Stop the run (in the chat)</source>
        <translation>Den Durchlauf anhalten (im Chat)</translation>
    </message>
    <message>
        <source>Approve the change (patch dialog)</source>
        <translation>Die Änderung genehmigen (Änderungsdialog)</translation>
    </message>
    <message>
        <source>Reject the change (patch dialog)</source>
        <translation>Die Änderung ablehnen (Änderungsdialog)</translation>
    </message>
    <message>
        <source>Zoom the timeline</source>
        <translation>Die Zeitleiste zoomen</translation>
    </message>
    <message>
        <source>wheel</source>
        <translation>Mausrad</translation>
    </message>
    <message>
        <source>Move to the next control; the arrows move within a list</source>
        <translation>Zum nächsten Bedienelement; die Pfeiltasten bewegen sich in einer Liste</translation>
    </message>
</context>
<context>
    <name>ShortcutsDialog</name>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>Tastenkürzel</translation>
    </message>
    <message>
        <source>What it does</source>
        <translation>Was es tut</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>Tasten</translation>
    </message>
</context>
<context>
    <name>Sidebar</name>
    <message>
        <source>New chat (Ctrl+N)</source>
        <translation>Neuer Chat (Strg+N)</translation>
    </message>
    <message>
        <source>New exploration</source>
        <translation>Neue Erkundung</translation>
    </message>
    <message>
        <source>New exploration: a chat where an agent reads your story library, knowledge and files and answers you, changing nothing (Ctrl+Shift+E)</source>
        <translation>Neue Erkundung: ein Chat, in dem ein Agent deine Story-Bibliothek, dein Wissen und deine Dateien liest und dir antwortet, ohne etwas zu ändern (Strg+Umschalt+E)</translation>
    </message>
    <message>
        <source>Chats</source>
        <translation>Chats</translation>
    </message>
    <message>
        <source>New agent (Ctrl+Shift+N)</source>
        <translation>Neuer Agent (Strg+Umschalt+N)</translation>
    </message>
    <message>
        <source>Agents</source>
        <translation>Agenten</translation>
    </message>
    <message>
        <source>Project</source>
        <translation>Projekt</translation>
    </message>
    <message>
        <source>The project whose chats, story library, knowledge and Skills are shown</source>
        <translation>Das Projekt, dessen Chats, Story-Bibliothek, Wissen und Skills angezeigt werden</translation>
    </message>
    <message>
        <source>New project…, Rename project…</source>
        <translation>Neues Projekt…, Projekt umbenennen…</translation>
    </message>
    <message>
        <source>New project…</source>
        <translation>Neues Projekt…</translation>
    </message>
    <message>
        <source>Rename project…</source>
        <translation>Projekt umbenennen…</translation>
    </message>
    <message>
        <source>Exploration: read only</source>
        <translation>Erkundung: nur lesen</translation>
    </message>
    <message>
        <source>Scene: characters speak in turn, each knowing only what it witnessed</source>
        <translation>Szene: Figuren sprechen abwechselnd, jede weiß nur, was sie miterlebt hat</translation>
    </message>
    <message>
        <source>Continues “%1”</source>
        <translation>Setzt „%1“ fort</translation>
    </message>
    <message>
        <source>starts runs</source>
        <translation>startet Durchläufe</translation>
    </message>
    <message>
        <source>helper</source>
        <translation>Helfer</translation>
    </message>
    <message>
        <source> · built-in</source>
        <translation> · eingebaut</translation>
    </message>
    <message>
        <source>Open “%1”</source>
        <translation>„%1“ öffnen</translation>
    </message>
    <message>
        <source>New agent…</source>
        <translation>Neuer Agent…</translation>
    </message>
</context>
<context>
    <name>SkillsView</name>
    <message>
        <source>New Skill</source>
        <translation>Neuer Skill</translation>
    </message>
    <message>
        <source>Skills</source>
        <translation>Skills</translation>
    </message>
    <message>
        <source>A short name, like harbour-rules</source>
        <translation>Ein kurzer Name, etwa hafen-regeln</translation>
    </message>
    <message>
        <source>When an agent should use it</source>
        <translation>Wann ein Agent ihn nutzen soll</translation>
    </message>
    <message>
        <source>* for every agent, or some: writer, editor</source>
        <translation>* für jeden Agenten, oder einige: writer, editor</translation>
    </message>
    <message>
        <source>What an agent reads when it uses this Skill</source>
        <translation>Was ein Agent liest, wenn er diesen Skill nutzt</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>When to use</source>
        <translation>Wann nutzen</translation>
    </message>
    <message>
        <source>Agents</source>
        <translation>Agenten</translation>
    </message>
    <message>
        <source>Instructions</source>
        <translation>Anleitung</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>Speichern</translation>
    </message>
    <message>
        <source> · built-in</source>
        <translation> · eingebaut</translation>
    </message>
    <message>
        <source>These files in the project&apos;s skills folder are left out until they are fixed; the agents do not see them.</source>
        <translation>Diese Dateien im Skills-Ordner des Projekts bleiben außen vor, bis sie repariert sind; die Agenten sehen sie nicht.</translation>
    </message>
    <message>
        <source>Built-in: saving makes this project&apos;s own copy, used instead of it.</source>
        <translation>Eingebaut: Speichern legt eine eigene Kopie für dieses Projekt an, die stattdessen genutzt wird.</translation>
    </message>
    <message>
        <source>Saved to %1.</source>
        <translation>Gespeichert in %1.</translation>
    </message>
    <message>
        <source>Saved as “%1” (a Skill&apos;s name is short words with dashes). %2</source>
        <translation>Gespeichert als „%1“ (der Name eines Skills besteht aus kurzen Wörtern mit Bindestrichen). %2</translation>
    </message>
</context>
<context>
    <name>SlashCommands</name>
    <message>
        <source>Hand this chat off to a new chat that starts from a summary document (written by the chosen agent)</source>
        <translation>Diesen Chat an einen neuen Chat übergeben, der mit einem Übergabedokument beginnt (vom gewählten Agenten geschrieben)</translation>
    </message>
    <message>
        <source>This character speaks next (what follows is the scene&apos;s direction)</source>
        <extracomment>offered in a scene chat only (``ui/chat/scene_turns.py`` starts them)</extracomment>
        <translation>Diese Figur spricht als Nächstes (der Rest ist die Regieanweisung)</translation>
    </message>
    <message>
        <source>Whoever is next speaks: the next in turn, or the narrator&apos;s pick</source>
        <translation>Wer als Nächstes dran ist, spricht: der Reihe nach oder nach Wahl des Erzählers</translation>
    </message>
    <message>
        <source>Slash commands</source>
        <translation>Slash-Befehle</translation>
    </message>
</context>
<context>
    <name>StartWindow</name>
    <message>
        <source>Opening your chats…</source>
        <extracomment>Qt warnings that tell a creator nothing they could act on (the offscreen platform of --smoke and --screenshot cannot pass size hints to a window manager it does not have) how long a thread may hold the interpreter while another waits for it, in the window&apos;s process (Python&apos;s default: 5 ms). The GUI thread calls into Python many times in one paint (a delegate per cell, a label&apos;s height per card); while a lane&apos;s thread counts mentions or parses a project&apos;s files, each of those calls waited up to 5 ms for the interpreter (bench/book_scale.py on the book, six runs each: the gaps after the window&apos;s show 88 ms at 5 ms, 68 ms at 1 ms; an entry&apos;s save 57 and 43 ms) Libraries the start window must be painted without (``StartWindow.loaded_at_paint`` names any that were in)</extracomment>
        <translation>Deine Chats werden geöffnet…</translation>
    </message>
</context>
<context>
    <name>Studio</name>
    <message>
        <source>Exploration</source>
        <translation>Erkundung</translation>
    </message>
</context>
<context>
    <name>TimelinePanel</name>
    <message>
        <source>Run</source>
        <translation>Durchlauf</translation>
    </message>
    <message>
        <source>Zoom out (Ctrl+wheel)</source>
        <translation>Verkleinern (Strg+Mausrad)</translation>
    </message>
    <message>
        <source>Zoom in (Ctrl+wheel)</source>
        <translation>Vergrößern (Strg+Mausrad)</translation>
    </message>
    <message>
        <source>Fit</source>
        <translation>Einpassen</translation>
    </message>
    <message>
        <source>Show the whole run</source>
        <translation>Den ganzen Durchlauf zeigen</translation>
    </message>
    <message>
        <source>handoff document</source>
        <translation>Übergabedokument</translation>
    </message>
    <message>
        <source>rerun from stage %1</source>
        <translation>neu ab Stufe %1</translation>
    </message>
    <message>
        <source>%1 (removed)</source>
        <translation>%1 (entfernt)</translation>
    </message>
    <message>
        <source>an agent since removed</source>
        <translation>ein inzwischen entfernter Agent</translation>
    </message>
    <message>
        <source>All agents</source>
        <translation>Alle Agenten</translation>
    </message>
    <message>
        <source>All events</source>
        <translation>Alle Ereignisse</translation>
    </message>
    <message>
        <source>Model calls</source>
        <translation>Modellaufrufe</translation>
    </message>
    <message>
        <source>Tool calls</source>
        <translation>Werkzeugaufrufe</translation>
    </message>
    <message>
        <source>Handoffs and helpers</source>
        <translation>Übergaben und Helfer</translation>
    </message>
    <message>
        <source>Approvals</source>
        <translation>Freigaben</translation>
    </message>
    <message>
        <source>Files and commits</source>
        <translation>Dateien und Festschreibungen</translation>
    </message>
    <message>
        <source>Agents and run</source>
        <translation>Agenten und Durchlauf</translation>
    </message>
    <message>
        <source>Errors only</source>
        <translation>Nur Fehler</translation>
    </message>
    <message>
        <source>Search events</source>
        <translation>Ereignisse durchsuchen</translation>
    </message>
    <message>
        <source>Events of the run</source>
        <translation>Ereignisse des Durchlaufs</translation>
    </message>
    <message>
        <source>reading %1 of %2 events…</source>
        <translation>lese %1 von %2 Ereignissen…</translation>
    </message>
    <message numerus="yes">
        <source>%1 of %Ln event(s) shown</source>
        <translation>
            <numerusform>%1 von %Ln Ereignis angezeigt</numerusform>
            <numerusform>%1 von %Ln Ereignissen angezeigt</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln event(s)</source>
        <translation>
            <numerusform>%Ln Ereignis</numerusform>
            <numerusform>%Ln Ereignisse</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ToolsSection</name>
    <message>
        <source>&lt;b&gt;Tool&lt;/b&gt;</source>
        <translation>&lt;b&gt;Werkzeug&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;Allowed&lt;/b&gt;</source>
        <translation>&lt;b&gt;Erlaubt&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;Ask first&lt;/b&gt;</source>
        <translation>&lt;b&gt;Erst fragen&lt;/b&gt;</translation>
    </message>
    <message>
        <source>tools.requireApproval: the change waits in the patch dialog until you approve or reject it</source>
        <translation>tools.requireApproval: Die Änderung wartet im Änderungsdialog, bis du sie freigibst oder ablehnst</translation>
    </message>
    <message>
        <source>&lt;b&gt;Never&lt;/b&gt;</source>
        <translation>&lt;b&gt;Nie&lt;/b&gt;</translation>
    </message>
    <message>
        <source>tools.deny: never offered, even when a rule would add it</source>
        <translation>tools.deny: nie angeboten, auch wenn eine Regel es hinzufügen würde</translation>
    </message>
    <message>
        <source>Allowed</source>
        <translation>Erlaubt</translation>
    </message>
    <message>
        <source>Ask first</source>
        <translation>Erst fragen</translation>
    </message>
    <message>
        <source>Never</source>
        <translation>Nie</translation>
    </message>
    <message>
        <source>Tools</source>
        <translation>Werkzeuge</translation>
    </message>
    <message>
        <source>“%1” is set to Never; untick Never first to allow it.</source>
        <translation>„%1“ steht auf Nie; entferne zuerst das Häkchen bei Nie, um es zu erlauben.</translation>
    </message>
    <message>
        <source>“%1” is set to Never, so it cannot ask you first; untick Never first.</source>
        <translation>„%1“ steht auf Nie und kann daher nicht erst fragen; entferne zuerst das Häkchen bei Nie.</translation>
    </message>
</context>
<context>
    <name>Transcript</name>
    <message>
        <source>The run failed</source>
        <translation>Der Durchlauf ist fehlgeschlagen</translation>
    </message>
    <message>
        <source>The run stopped after committing part of the work</source>
        <translation>Der Durchlauf hat nach dem Festschreiben eines Teils der Arbeit angehalten</translation>
    </message>
    <message>
        <source>The run was stopped</source>
        <translation>Der Durchlauf wurde beendet</translation>
    </message>
    <message>
        <source>Relay Studio closed while this run was in progress; it cannot continue</source>
        <translation>Relay Studio wurde während dieses Durchlaufs geschlossen; er kann nicht fortgesetzt werden</translation>
    </message>
    <message>
        <source>Continued from ← %1</source>
        <extracomment>approved changes the creator may publish from the notice: (path, whose change it was, edited by them)</extracomment>
        <translation>Fortgesetzt aus ← %1</translation>
    </message>
    <message>
        <source>Continued in → %1</source>
        <translation>Fortgesetzt in → %1</translation>
    </message>
    <message>
        <source>Handed off to “%1”</source>
        <translation>Übergeben an „%1“</translation>
    </message>
    <message>
        <source>. Any change it was waiting for you to approve was not applied.</source>
        <translation>. Änderungen, die auf deine Freigabe warteten, wurden nicht angewendet.</translation>
    </message>
    <message>
        <source>Chat → Hand off to a new chat… (or /handoff) tries again.</source>
        <translation>Chat → An einen neuen Chat übergeben… (oder /handoff) versucht es erneut.</translation>
    </message>
    <message>
        <source>The handoff to a new chat failed: %1</source>
        <translation>Die Übergabe an einen neuen Chat ist fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>The handoff to a new chat failed.</source>
        <translation>Die Übergabe an einen neuen Chat ist fehlgeschlagen.</translation>
    </message>
    <message>
        <source>Relay Studio closed while the handoff document was being written; the chat was not handed off.</source>
        <translation>Relay Studio wurde beendet, während das Übergabedokument geschrieben wurde; der Chat wurde nicht übergeben.</translation>
    </message>
</context>
<context>
    <name>UndoBar</name>
    <message>
        <source>Undo</source>
        <translation>Rückgängig</translation>
    </message>
    <message numerus="yes">
        <source>Bring the chat back (for %n seconds)</source>
        <translation>
            <numerusform>Den Chat zurückholen (%n Sekunde lang)</numerusform>
            <numerusform>Den Chat zurückholen (%n Sekunden lang)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Unpublished</name>
    <message>
        <source>You approved %1&apos;s change to %2 with your edits, then rejected the commit: it was never published, so the chat shows the version before it.</source>
        <translation>Du hast die Änderung von %1 an %2 mit deinen Änderungen freigegeben und dann das Übernehmen abgelehnt: Sie wurde nie veröffentlicht, darum zeigt der Chat die Fassung davor.</translation>
    </message>
    <message>
        <source>You approved %1&apos;s change to %2, then rejected the commit: it was never published, so the chat shows the version before it.</source>
        <translation>Du hast die Änderung von %1 an %2 freigegeben und dann das Übernehmen abgelehnt: Sie wurde nie veröffentlicht, darum zeigt der Chat die Fassung davor.</translation>
    </message>
    <message>
        <source>%1&apos;s change to %2, which you approved, was never committed: the chat shows the version before it.</source>
        <translation>Die Änderung von %1 an %2, die du freigegeben hast, wurde nie übernommen: Der Chat zeigt die Fassung davor.</translation>
    </message>
    <message>
        <source>The agent</source>
        <translation>Der Agent</translation>
    </message>
</context>
<context>
    <name>WelcomeCard</name>
    <message>
        <source>&lt;h2&gt;Welcome to Relay Studio&lt;/h2&gt;</source>
        <translation>&lt;h2&gt;Willkommen in Relay Studio&lt;/h2&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;You write with several agents that pass the work along: a &lt;b&gt;Writer&lt;/b&gt; drafts and commits, hands off to an &lt;b&gt;Editor&lt;/b&gt;, who revises and hands off to a &lt;b&gt;Finalizer&lt;/b&gt;, which finishes. A &lt;b&gt;Researcher&lt;/b&gt; helps on the side.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Du schreibst mit mehreren Agenten, die die Arbeit weiterreichen: Ein &lt;b&gt;Writer&lt;/b&gt; entwirft und schreibt fest, übergibt an einen &lt;b&gt;Editor&lt;/b&gt;, der überarbeitet und an einen &lt;b&gt;Finalizer&lt;/b&gt; übergibt, der abschließt. Ein &lt;b&gt;Researcher&lt;/b&gt; hilft nebenher.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;The demo relay runs offline on a scripted model, so you can watch a full run — and inspect every step on the timeline — without any account.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Die Demo-Staffel läuft offline mit einem geskripteten Modell – so kannst du einen ganzen Durchlauf verfolgen und jeden Schritt auf der Zeitleiste ansehen, ganz ohne Konto.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Run the demo relay</source>
        <translation>Demo-Staffel starten</translation>
    </message>
</context>
<context>
    <name>WhatItSaw</name>
    <message>
        <source>system prompt</source>
        <translation>Systemprompt</translation>
    </message>
    <message>
        <source>profile instructions</source>
        <translation>Anweisungen des Profils</translation>
    </message>
    <message>
        <source>Skills</source>
        <translation>Skills</translation>
    </message>
    <message>
        <source>canon</source>
        <translation>Kanon</translation>
    </message>
    <message>
        <source>story library</source>
        <translation>Story-Bibliothek</translation>
    </message>
    <message>
        <source>chat history</source>
        <translation>Chatverlauf</translation>
    </message>
    <message>
        <source>earlier stages</source>
        <translation>frühere Etappen</translation>
    </message>
    <message>
        <source>input</source>
        <translation>Eingabe</translation>
    </message>
    <message>
        <source>this stage&apos;s work</source>
        <translation>die Arbeit dieser Etappe</translation>
    </message>
    <message>
        <source>tool results</source>
        <translation>Werkzeugergebnisse</translation>
    </message>
    <message>
        <source>knowledge passages</source>
        <translation>Wissensabschnitte</translation>
    </message>
    <message>
        <source>guidance and reminders</source>
        <translation>Hinweise und Erinnerungen</translation>
    </message>
    <message>
        <source>tool definitions</source>
        <translation>Werkzeugbeschreibungen</translation>
    </message>
    <message>
        <source>introduction</source>
        <translation>Einleitung</translation>
    </message>
    <message>
        <source>section note</source>
        <translation>Hinweis zum Abschnitt</translation>
    </message>
    <message>
        <source>left out</source>
        <translation>weggelassen</translation>
    </message>
    <message>
        <source>message</source>
        <translation>Nachricht</translation>
    </message>
    <message>
        <source>your message</source>
        <translation>deine Nachricht</translation>
    </message>
    <message>
        <source>the handoff brief</source>
        <translation>die Übergabenotiz</translation>
    </message>
    <message>
        <source>the task</source>
        <translation>die Aufgabe</translation>
    </message>
    <message>
        <source>the conversation summary</source>
        <translation>die Zusammenfassung des Gesprächs</translation>
    </message>
    <message>
        <source>the agent&apos;s earlier turns</source>
        <translation>die früheren Züge des Agenten</translation>
    </message>
    <message>
        <source>added during the stage</source>
        <translation>während der Etappe hinzugekommen</translation>
    </message>
    <message>
        <source>introduces the entries below</source>
        <translation>leitet die Einträge darunter ein</translation>
    </message>
    <message>
        <source>the agent&apos;s profile and how its tools end its part</source>
        <translation>das Profil des Agenten und wie seine Werkzeuge seinen Teil beenden</translation>
    </message>
    <message>
        <source>the profile&apos;s standing instructions</source>
        <translation>die ständigen Anweisungen des Profils</translation>
    </message>
    <message>
        <source>the Skills this agent may read</source>
        <translation>die Skills, die dieser Agent lesen darf</translation>
    </message>
    <message>
        <source>the project&apos;s pinned canon facts</source>
        <translation>die angehefteten Fakten des Kanons</translation>
    </message>
    <message>
        <source>what the stage&apos;s input keeps of the conversation</source>
        <translation>was die Eingabe der Etappe vom Gespräch behält</translation>
    </message>
    <message>
        <source>what the agent said and called earlier in this stage</source>
        <translation>was der Agent in dieser Etappe zuvor sagte und aufrief</translation>
    </message>
    <message>
        <source>what the agent&apos;s knowledge search returned</source>
        <translation>was die Wissenssuche des Agenten fand</translation>
    </message>
    <message>
        <source>what the agent&apos;s tool calls returned</source>
        <translation>was die Werkzeugaufrufe des Agenten zurückgaben</translation>
    </message>
    <message>
        <source>your guidance, or a reminder to use the tools</source>
        <translation>dein Hinweis oder eine Erinnerung, die Werkzeuge zu nutzen</translation>
    </message>
    <message>
        <source>what you asked</source>
        <translation>worum du gebeten hast</translation>
    </message>
    <message>
        <source>what the previous agent handed on</source>
        <translation>was der vorige Agent übergeben hat</translation>
    </message>
    <message>
        <source>what the delegating agent asked</source>
        <translation>worum der beauftragende Agent gebeten hat</translation>
    </message>
    <message>
        <source>the earlier stages, summarised</source>
        <translation>die früheren Etappen, zusammengefasst</translation>
    </message>
    <message>
        <source>the tools this agent may call</source>
        <translation>die Werkzeuge, die dieser Agent aufrufen darf</translation>
    </message>
    <message>
        <source>always included (its setting)</source>
        <translation>immer dabei (seine Einstellung)</translation>
    </message>
    <message>
        <source>included (this run is older than the recorded reasons)</source>
        <translation>dabei (dieser Durchlauf ist älter als die aufgezeichneten Gründe)</translation>
    </message>
    <message>
        <source>the profile sends no chat history</source>
        <translation>das Profil sendet keinen Chatverlauf</translation>
    </message>
    <message>
        <source>“%1” in %2</source>
        <translation>„%1“ in %2</translation>
    </message>
    <message>
        <source>left out: mentioned, but the library&apos;s budget of %1 tokens was used up</source>
        <translation>weggelassen: erwähnt, aber das Budget der Bibliothek von %1 Tokens war aufgebraucht</translation>
    </message>
    <message>
        <source>%1 earlier messages left out: %2</source>
        <translation>%1 frühere Nachrichten weggelassen: %2</translation>
    </message>
    <message>
        <source>the profile sends the last %1 messages</source>
        <translation>das Profil sendet die letzten %1 Nachrichten</translation>
    </message>
    <message>
        <source>%1 messages</source>
        <translation>%1 Nachrichten</translation>
    </message>
    <message>
        <source>%1 tools</source>
        <translation>%1 Werkzeuge</translation>
    </message>
    <message>
        <source>%1, message %2</source>
        <translation>%1, Nachricht %2</translation>
    </message>
    <message>
        <source>as the server counted them</source>
        <translation>wie der Server sie zählte</translation>
    </message>
    <message>
        <source>estimated: the server gave no count</source>
        <translation>geschätzt: der Server nannte keine Zahl</translation>
    </message>
    <message>
        <source>What %1 saw: %2 input tokens (%3)</source>
        <translation>Was %1 sah: %2 Eingabe-Tokens (%3)</translation>
    </message>
    <message>
        <source>Served by the connection %1 with the model %2</source>
        <translation>Beantwortet über die Verbindung %1 mit dem Modell %2</translation>
    </message>
    <message>
        <source>Served by the model %1</source>
        <translation>Beantwortet vom Modell %1</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Quelle</translation>
    </message>
    <message>
        <source>Part</source>
        <translation>Teil</translation>
    </message>
    <message>
        <source>Tokens</source>
        <translation>Tokens</translation>
    </message>
    <message>
        <source>Why it is there</source>
        <translation>Warum es dabei ist</translation>
    </message>
</context>
<context>
    <name>WindowWords</name>
    <message>
        <source>Open Settings → Connections (Ctrl+,) to add it, or pick another connection in the agent&apos;s profile.</source>
        <translation>Öffne Einstellungen → Verbindungen (Strg+,), um sie hinzuzufügen, oder wähle im Agentenprofil eine andere Verbindung.</translation>
    </message>
    <message>
        <source>No model is chosen for this agent. Open Settings → Connections (Ctrl+,) to give the connection a default model, or name one in the agent&apos;s profile (Model).</source>
        <translation>Für diesen Agenten ist kein Modell gewählt. Öffne Einstellungen → Verbindungen (Strg+,), um der Verbindung ein Standardmodell zu geben, oder nenne eines im Agentenprofil (Modell).</translation>
    </message>
    <message>
        <source>Open Settings → Connections (Ctrl+,) to add or change a connection.</source>
        <translation>Öffne Einstellungen → Verbindungen (Strg+,), um eine Verbindung hinzuzufügen oder zu ändern.</translation>
    </message>
</context>
<context>
    <name>Wording</name>
    <message>
        <source>See the other agents</source>
        <extracomment>Tool -&gt; (what a writer calls it, what it does). The tooltip adds the profile name and the model&apos;s name.</extracomment>
        <translation>Die anderen Agenten sehen</translation>
    </message>
    <message>
        <source>Lists the agents it may hand off or delegate to.</source>
        <translation>Listet die Agenten auf, an die er übergeben oder Aufgaben abgeben darf.</translation>
    </message>
    <message>
        <source>Hand off the stage</source>
        <translation>Die Etappe übergeben</translation>
    </message>
    <message>
        <source>Passes the work to the next agent and ends its own stage.</source>
        <translation>Reicht die Arbeit an den nächsten Agenten weiter und beendet die eigene Etappe.</translation>
    </message>
    <message>
        <source>Ask a helper</source>
        <translation>Einen Helfer fragen</translation>
    </message>
    <message>
        <source>Gives a side task to a helper, which reports back.</source>
        <translation>Gibt einem Helfer eine Nebenaufgabe, der dann berichtet.</translation>
    </message>
    <message>
        <source>Wait for helpers</source>
        <translation>Auf Helfer warten</translation>
    </message>
    <message>
        <source>Waits for the helpers&apos; reports.</source>
        <translation>Wartet auf die Berichte der Helfer.</translation>
    </message>
    <message>
        <source>List files</source>
        <translation>Dateien auflisten</translation>
    </message>
    <message>
        <source>Lists the files of the workspace folders it can see.</source>
        <translation>Listet die Dateien der sichtbaren Ordner im Arbeitsbereich auf.</translation>
    </message>
    <message>
        <source>Search files</source>
        <translation>Dateien durchsuchen</translation>
    </message>
    <message>
        <source>Searches the text of the files it can see.</source>
        <translation>Durchsucht den Text der sichtbaren Dateien.</translation>
    </message>
    <message>
        <source>Read a file</source>
        <translation>Eine Datei lesen</translation>
    </message>
    <message>
        <source>Reads one file.</source>
        <translation>Liest eine Datei.</translation>
    </message>
    <message>
        <source>Write a file</source>
        <translation>Eine Datei schreiben</translation>
    </message>
    <message>
        <source>Writes a whole file (every write is kept as a version).</source>
        <translation>Schreibt eine ganze Datei (jedes Schreiben wird als Version aufbewahrt).</translation>
    </message>
    <message>
        <source>Change part of a file</source>
        <translation>Einen Teil einer Datei ändern</translation>
    </message>
    <message>
        <source>Replaces one passage of a file.</source>
        <translation>Ersetzt eine Passage einer Datei.</translation>
    </message>
    <message>
        <source>Post to the chat</source>
        <translation>Im Chat festschreiben</translation>
    </message>
    <message>
        <source>Makes a file the chat&apos;s answer (a commit).</source>
        <translation>Macht eine Datei zur Antwort im Chat (eine Festschreibung).</translation>
    </message>
    <message>
        <source>Finish the run</source>
        <translation>Den Durchlauf abschließen</translation>
    </message>
    <message>
        <source>Ends the whole relay; the last post stays the answer.</source>
        <translation>Beendet die ganze Staffel; die letzte Festschreibung bleibt die Antwort.</translation>
    </message>
    <message>
        <source>List story library entries</source>
        <translation>Einträge der Story-Bibliothek auflisten</translation>
    </message>
    <message>
        <source>Lists the project&apos;s characters, places and lore.</source>
        <translation>Listet Figuren, Orte und Hintergrundwissen des Projekts auf.</translation>
    </message>
    <message>
        <source>Read an entry</source>
        <translation>Einen Eintrag lesen</translation>
    </message>
    <message>
        <source>Reads one story library entry.</source>
        <translation>Liest einen Eintrag der Story-Bibliothek.</translation>
    </message>
    <message>
        <source>Search the story library</source>
        <translation>Die Story-Bibliothek durchsuchen</translation>
    </message>
    <message>
        <source>Finds entries by name, alias or text.</source>
        <translation>Findet Einträge nach Name, anderem Namen oder Text.</translation>
    </message>
    <message>
        <source>Add an entry</source>
        <translation>Einen Eintrag anlegen</translation>
    </message>
    <message>
        <source>Proposes a new story library entry (you approve it).</source>
        <translation>Schlägt einen neuen Eintrag der Story-Bibliothek vor (du gibst ihn frei).</translation>
    </message>
    <message>
        <source>Change an entry</source>
        <translation>Einen Eintrag ändern</translation>
    </message>
    <message>
        <source>Proposes a change to an entry (you approve it).</source>
        <translation>Schlägt eine Änderung an einem Eintrag vor (du gibst sie frei).</translation>
    </message>
    <message>
        <source>Read a Skill</source>
        <translation>Einen Skill lesen</translation>
    </message>
    <message>
        <source>Reads the instructions of one of the project&apos;s Skills.</source>
        <translation>Liest die Anleitung eines der Skills des Projekts.</translation>
    </message>
    <message>
        <source>Write a Skill</source>
        <translation>Einen Skill schreiben</translation>
    </message>
    <message>
        <source>Proposes a new Skill (you approve it).</source>
        <translation>Schlägt einen neuen Skill vor (du gibst ihn frei).</translation>
    </message>
    <message>
        <source>Search the knowledge library</source>
        <translation>Die Wissensbibliothek durchsuchen</translation>
    </message>
    <message>
        <source>Finds cited passages in the project&apos;s documents.</source>
        <translation>Findet Passagen mit Quellenangabe in den Dokumenten des Projekts.</translation>
    </message>
    <message>
        <source>Have a draft checked</source>
        <translation>Einen Entwurf prüfen lassen</translation>
    </message>
    <message>
        <source>Asks the consistency reviewer to check a draft against the story library.</source>
        <translation>Bittet den Konsistenzprüfer, einen Entwurf mit der Story-Bibliothek abzugleichen.</translation>
    </message>
    <message>
        <source>Ask the rules advisor</source>
        <translation>Den Regelberater fragen</translation>
    </message>
    <message>
        <source>Asks the rules advisor, who cites the knowledge library.</source>
        <translation>Fragt den Regelberater, der aus der Wissensbibliothek zitiert.</translation>
    </message>
    <message>
        <source>Propose a canon fact</source>
        <translation>Einen Kanon-Fakt vorschlagen</translation>
    </message>
    <message>
        <source>Proposes a fact for the project&apos;s canon, quoting the chat or the posted text word for word (it waits for you unless the project accepts proposals at once).</source>
        <translation>Schlägt einen Fakt für den Kanon des Projekts vor und zitiert dazu den Chat oder den festgeschriebenen Text Wort für Wort (er wartet auf dich, außer das Projekt nimmt Vorschläge sofort an).</translation>
    </message>
    <message>
        <source>Working with other agents</source>
        <translation>Zusammenarbeit mit anderen Agenten</translation>
    </message>
    <message>
        <source>Files and the answer</source>
        <translation>Dateien und die Antwort</translation>
    </message>
    <message>
        <source>The story library</source>
        <translation>Die Story-Bibliothek</translation>
    </message>
    <message>
        <source>Skills</source>
        <translation>Skills</translation>
    </message>
    <message>
        <source>The knowledge library</source>
        <translation>Die Wissensbibliothek</translation>
    </message>
    <message>
        <source>Reviews</source>
        <translation>Prüfungen</translation>
    </message>
    <message>
        <source>The canon</source>
        <translation>Der Kanon</translation>
    </message>
    <message>
        <source>Profile name: %1 · the model sees: %2</source>
        <translation>Name im Profil: %1 · das Modell sieht: %2</translation>
    </message>
    <message>
        <source>To fix: in Tools, allow “Finish the run” or “Hand off the stage”; or untick this.</source>
        <extracomment>Where to fix a problem that one field shows because of another section&apos;s choice.</extracomment>
        <translation>Zum Beheben: Erlaube unter Werkzeuge „Den Durchlauf abschließen“ oder „Die Etappe übergeben“, oder entferne hier das Häkchen.</translation>
    </message>
    <message>
        <source>To fix: tick this, or in Tools untick “Hand off the stage”.</source>
        <translation>Zum Beheben: Setze hier das Häkchen oder entferne unter Werkzeuge „Die Etappe übergeben“.</translation>
    </message>
    <message>
        <source>To fix: tick this, or in Tools untick “Ask a helper”.</source>
        <translation>Zum Beheben: Setze hier das Häkchen oder entferne unter Werkzeuge „Einen Helfer fragen“.</translation>
    </message>
    <message>
        <source>To fix: tick “…as the next stage” or “…as a helper” below, or untick this.</source>
        <translation>Zum Beheben: Setze unten „…als nächste Etappe“ oder „…als Helfer“, oder entferne hier das Häkchen.</translation>
    </message>
    <message>
        <source>To fix: allow the tool, or untick “Requires approval”.</source>
        <translation>Zum Beheben: Erlaube das Werkzeug oder entferne das Häkchen bei „Erst fragen“.</translation>
    </message>
    <message>
        <source>To fix: tick Visible for that folder, or untick Writable.</source>
        <translation>Zum Beheben: Setze für diesen Ordner „Sichtbar“ oder entferne „Beschreibbar“.</translation>
    </message>
    <message>
        <source>To fix: choose a connection, or “The default connection”.</source>
        <translation>Zum Beheben: Wähle eine Verbindung oder „Die Standardverbindung“.</translation>
    </message>
    <message>
        <source>To fix: pick one of the server&apos;s models, or type its name.</source>
        <translation>Zum Beheben: Wähle eines der Modelle des Servers oder gib seinen Namen ein.</translation>
    </message>
    <message>
        <source>To fix: in Delegation and handoff, give one target another tool name.</source>
        <translation>Zum Beheben: Gib unter Delegation und Übergabe einem Ziel einen anderen Werkzeugnamen.</translation>
    </message>
    <message>
        <source>This agent can only end its turn by calling a tool (finish, hand off, or report back). With “Never call tools” it cannot: its run would fail after a few answers without a tool (model.tool_call_required).</source>
        <extracomment>Field path -&gt; the section it sits in (for &quot;shown in Identity&quot; notes in the problems bar).</extracomment>
        <translation>Dieser Agent kann seinen Zug nur mit einem Werkzeugaufruf beenden (abschließen, übergeben oder berichten). Mit „Nie Werkzeuge aufrufen“ geht das nicht: Sein Durchlauf würde nach einigen Antworten ohne Werkzeug fehlschlagen (model.tool_call_required).</translation>
    </message>
    <message>
        <source>No other agent takes over from this one yet, so its handoffs would be refused. On the agent that should come next, tick “Other agents may call it” and “…as the next stage”, and let this one call it.</source>
        <translation>Noch übernimmt kein anderer Agent von diesem, daher würden seine Übergaben abgelehnt. Setze beim Agenten, der als Nächstes kommen soll, „Andere Agenten dürfen ihn aufrufen“ und „…als nächste Etappe“, und erlaube diesem, ihn aufzurufen.</translation>
    </message>
    <message>
        <source>With 0, every handoff of this agent is refused (agent.handoff_depth_exhausted).</source>
        <translation>Mit 0 wird jede Übergabe dieses Agenten abgelehnt (agent.handoff_depth_exhausted).</translation>
    </message>
    <message>
        <source>No other agent takes side tasks from this one yet, so asking a helper would be refused. On the helper, tick “Other agents may call it” and “…as a helper”, and let this one call it.</source>
        <translation>Noch nimmt kein anderer Agent Nebenaufgaben von diesem an, daher würde das Fragen eines Helfers abgelehnt. Setze beim Helfer „Andere Agenten dürfen ihn aufrufen“ und „…als Helfer“, und erlaube diesem, ihn aufzurufen.</translation>
    </message>
    <message>
        <source>With “Never”, no agent can hand off to it, although it allows itself as the next stage.</source>
        <translation>Mit „Nie“ kann kein Agent an ihn übergeben, obwohl er sich als nächste Etappe zulässt.</translation>
    </message>
</context>
<context>
    <name>WorkspaceSection</name>
    <message>
        <source>another folder, e.g. notes</source>
        <translation>ein weiterer Ordner, z. B. notes</translation>
    </message>
    <message>
        <source>Another folder</source>
        <translation>Weiterer Ordner</translation>
    </message>
    <message>
        <source>Add folder</source>
        <translation>Ordner hinzufügen</translation>
    </message>
    <message>
        <source>Folders</source>
        <translation>Ordner</translation>
    </message>
    <message>
        <source>Visible</source>
        <translation>Sichtbar</translation>
    </message>
    <message>
        <source>Writable</source>
        <translation>Beschreibbar</translation>
    </message>
    <message>
        <source>&lt;b&gt;Folder&lt;/b&gt;</source>
        <translation>&lt;b&gt;Ordner&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;Visible&lt;/b&gt;</source>
        <translation>&lt;b&gt;Sichtbar&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;Writable&lt;/b&gt;</source>
        <translation>&lt;b&gt;Beschreibbar&lt;/b&gt;</translation>
    </message>
</context>
<context>
    <name>_EarlyText</name>
    <message>
        <source>Write to your agents…  (it goes to your chat as soon as it opens)</source>
        <extracomment>what the creator types before the real window is ready (its composer takes it over) where key presses go once the real window is there (its composer&apos;s editor)</extracomment>
        <translation>Schreib deinen Agenten…  (es kommt in deinen Chat, sobald er offen ist)</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>Nachricht</translation>
    </message>
</context>
</TS>
