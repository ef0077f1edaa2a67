<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ja" sourcelanguage="en">
<context>
    <name>BranchesView</name>
    <message>
        <source>Original run</source>
        <translation>元の実行</translation>
    </message>
    <message>
        <source>Fork from stage %1</source>
        <translation>段階 %1 からの分岐</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>比較</translation>
    </message>
    <message>
        <source>Compare this branch&apos;s answer and output/ files with the run it came from</source>
        <translation>この分岐の回答と output/ のファイルを、分岐元の実行と比較します</translation>
    </message>
</context>
<context>
    <name>BriefDialog</name>
    <message>
        <source>The brief before it is handed on</source>
        <translation>引き継ぐ前の引き継ぎメモ</translation>
    </message>
    <message>
        <source>%1 hands the work to %2 with this brief. Change what you want; the run waits until you hand it on.</source>
        <translation>%1 はこの引き継ぎメモで作業を %2 に引き継ぎます。必要なところを変更してください。引き継ぐまで実行は待機します。</translation>
    </message>
    <message>
        <source>Title</source>
        <translation>タイトル</translation>
    </message>
    <message>
        <source>Objective</source>
        <translation>目的</translation>
    </message>
    <message>
        <source>Why now</source>
        <translation>今引き継ぐ理由</translation>
    </message>
    <message>
        <source>What has been done</source>
        <translation>これまでの作業</translation>
    </message>
    <message>
        <source>What to preserve (one a line)</source>
        <translation>残すべきこと（1行に1つ）</translation>
    </message>
    <message>
        <source>When it is done (one a line)</source>
        <translation>完了の条件（1行に1つ）</translation>
    </message>
    <message>
        <source>Files to read (one a line)</source>
        <translation>読むファイル（1行に1つ）</translation>
    </message>
    <message>
        <source>The objective is required: say what the next agent must achieve.</source>
        <translation>目的は必須です。次のエージェントが達成すべきことを書いてください。</translation>
    </message>
    <message>
        <source>Keep the agent&apos;s brief</source>
        <translation>エージェントのメモのまま</translation>
    </message>
    <message>
        <source>Hands on the brief as the agent wrote it</source>
        <translation>エージェントが書いたままの引き継ぎメモで引き継ぎます</translation>
    </message>
    <message>
        <source>Hand on</source>
        <translation>引き継ぐ</translation>
    </message>
</context>
<context>
    <name>BuiltinAgents</name>
    <message>
        <source>Checks a draft against the story library and reports what contradicts it.</source>
        <translation>下書きをストーリーライブラリと照らし合わせ、矛盾する点を報告します。</translation>
    </message>
    <message>
        <source>Reads a chapter against the canon and reports what contradicts it, quoting both.</source>
        <translation>章を正典と照らし合わせ、矛盾する点を両方の引用を添えて報告します。</translation>
    </message>
    <message>
        <source>Reads the story library and the creator&apos;s documents, has every draft checked by a consistency reviewer before writing it, and writes entries and texts only as changes the creator approves.</source>
        <translation>ストーリーライブラリと作者のドキュメントを読み、書く前にすべての下書きを整合性レビュアーに確認させ、エントリーや本文は作者が承認した変更としてのみ書き込みます。</translation>
    </message>
    <message>
        <source>Revises a draft for structure, clarity and voice.</source>
        <translation>下書きの構成・明快さ・語り口を推敲します。</translation>
    </message>
    <message>
        <source>Answers questions about your story library, knowledge and files; changes nothing.</source>
        <translation>ストーリーライブラリ、ナレッジ、ファイルについての質問に答えます。何も変更しません。</translation>
    </message>
    <message>
        <source>Polishes prose, commits the final message and finishes the run.</source>
        <translation>文章を仕上げ、最終メッセージをコミットして実行を終えます。</translation>
    </message>
    <message>
        <source>Looks up facts, names and background in the workspace notes and reports back.</source>
        <translation>ワークスペースのメモから事実・名前・背景を調べて報告します。</translation>
    </message>
    <message>
        <source>Answers rules questions and reviews balance with citations from the creator&apos;s rulebooks.</source>
        <translation>ルールの質問に答え、作者のルールブックからの引用を添えてバランスをレビューします。</translation>
    </message>
    <message>
        <source>Writes a Skill (standing instructions for the project&apos;s agents) from what the creator wants, and proposes it.</source>
        <translation>作者の希望からスキル(プロジェクトのエージェントへの常設指示)を書き、提案します。</translation>
    </message>
    <message>
        <source>Drafts the scene or chapter the creator asks for.</source>
        <translation>作者が求める場面や章の下書きを書きます。</translation>
    </message>
</context>
<context>
    <name>CallProgress</name>
    <message>
        <source>this server sends the answer at once</source>
        <translation>このサーバーは回答をまとめて一度に送ります</translation>
    </message>
    <message>
        <source>about %1 tokens written</source>
        <translation>約 %1 トークンを書きました</translation>
    </message>
    <message>
        <source>reading your prompt (%1 of %2 tokens)</source>
        <translation>プロンプトを読んでいます（%2 トークン中 %1）</translation>
    </message>
    <message>
        <source>your prompt is read (%1 tokens), waiting for the first token</source>
        <translation>プロンプトを読み終えました（%1 トークン）。最初のトークンを待っています</translation>
    </message>
    <message>
        <source>waiting for the first token</source>
        <translation>最初のトークンを待っています</translation>
    </message>
</context>
<context>
    <name>CanonModel</name>
    <message>
        <source>pinned</source>
        <translation>固定</translation>
    </message>
    <message>
        <source>proposed</source>
        <translation>提案中</translation>
    </message>
    <message>
        <source>active</source>
        <translation>有効</translation>
    </message>
    <message>
        <source>retired</source>
        <translation>廃止</translation>
    </message>
    <message>
        <source>rejected</source>
        <translation>却下</translation>
    </message>
    <message>
        <source>Handle</source>
        <translation>ハンドル</translation>
    </message>
    <message>
        <source>Fact</source>
        <translation>事実</translation>
    </message>
    <message>
        <source>About</source>
        <translation>対象</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状態</translation>
    </message>
</context>
<context>
    <name>CanonView</name>
    <message>
        <source>New fact</source>
        <translation>新しい事実</translation>
    </message>
    <message>
        <source>Pin</source>
        <translation>固定</translation>
    </message>
    <message>
        <source>Retire</source>
        <translation>廃止</translation>
    </message>
    <message>
        <source>Accept</source>
        <translation>承認</translation>
    </message>
    <message>
        <source>Reject</source>
        <translation>却下</translation>
    </message>
    <message>
        <source>Accept agents&apos; proposals at once</source>
        <translation>エージェントの提案をすぐに承認する</translation>
    </message>
    <message>
        <source>Otherwise a fact an agent proposes waits here for you to accept or reject it.</source>
        <translation>オフのとき、エージェントが提案した事実はここで承認か却下を待ちます。</translation>
    </message>
    <message>
        <source>Check continuity after each commit</source>
        <translation>コミットのたびに連続性をチェック</translation>
    </message>
    <message>
        <source>After each commit in this project, the continuity rules read that chat and the status bar says what they found. They advise; they never stop a run.</source>
        <translation>このプロジェクトでコミットするたびに、連続性のルールがそのチャットを読み、見つけたことをステータスバーに表示します。助言するだけで、実行を止めることはありません。</translation>
    </message>
    <message>
        <source>Canon</source>
        <translation>正典</translation>
    </message>
    <message>
        <source>One short statement, as every agent will read it</source>
        <translation>すべてのエージェントが読むとおりの短い一文</translation>
    </message>
    <message>
        <source>Story library entries, separated by commas</source>
        <translation>ストーリーライブラリの項目（カンマ区切り）</translation>
    </message>
    <message>
        <source>e.g. eyes</source>
        <translation>例：目</translation>
    </message>
    <message>
        <source>e.g. green</source>
        <translation>例：緑</translation>
    </message>
    <message>
        <source>from the start</source>
        <translation>最初から</translation>
    </message>
    <message>
        <source>Pinned: in every prompt of the project</source>
        <translation>固定：プロジェクトのすべてのプロンプトに入ります</translation>
    </message>
    <message>
        <source>Fact</source>
        <translation>事実</translation>
    </message>
    <message>
        <source>About</source>
        <translation>対象</translation>
    </message>
    <message>
        <source>Attribute</source>
        <translation>属性</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>値</translation>
    </message>
    <message>
        <source>From chapter</source>
        <translation>開始章</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>保存</translation>
    </message>
    <message numerus="yes">
        <source>Pinned: %n facts, about %1 tokens in every prompt of the project.</source>
        <translation>
            <numerusform>固定: %n 件の事実、プロジェクトのすべてのプロンプトに約 %1 トークン。</numerusform>
        </translation>
    </message>
    <message>
        <source>Last checked after a commit at %1: nothing found.</source>
        <translation>最後のコミット後チェック %1: 指摘なし。</translation>
    </message>
    <message>
        <source>Last checked after a commit at %1: %2 findings (Chat → Check continuity…).</source>
        <translation>最後のコミット後チェック %1: %2 件の指摘(チャット → 連続性をチェック…)。</translation>
    </message>
    <message>
        <source>From: “%1” (added by %2)</source>
        <translation>出典：「%1」（%2 が追加）</translation>
    </message>
    <message>
        <source>From the chat: “%1”</source>
        <translation>チャットから：「%1」</translation>
    </message>
    <message>
        <source>Saved as %1.</source>
        <translation>%1 として保存しました。</translation>
    </message>
    <message>
        <source>Unpin</source>
        <translation>固定を解除</translation>
    </message>
    <message>
        <source>The setting could not be saved: %1</source>
        <translation>設定を保存できませんでした: %1</translation>
    </message>
</context>
<context>
    <name>CardInstructionsDialog</name>
    <message>
        <source>The card&apos;s instructions for “%1”</source>
        <translation>「%1」のカードの指示</translation>
    </message>
    <message>
        <source>The character card tells the agent this. Whoever made the card wrote it: read it, change it or empty it before the agent follows it.</source>
        <translation>キャラクターカードはエージェントにこう指示しています。書いたのはカードの作者です。エージェントが従う前に、読んで、変更するか空にしてください。</translation>
    </message>
    <message>
        <source>System prompt of the card</source>
        <translation>カードのシステムプロンプト</translation>
    </message>
    <message>
        <source>Post-history instructions (after the chat, every turn)</source>
        <translation>履歴後の指示（チャットの後、毎ターン）</translation>
    </message>
    <message>
        <source>Create the agent</source>
        <translation>エージェントを作成</translation>
    </message>
</context>
<context>
    <name>CastPortrait</name>
    <message>
        <source>narrator</source>
        <translation>語り手</translation>
    </message>
    <message>
        <source>here</source>
        <translation>登場中</translation>
    </message>
    <message>
        <source>away</source>
        <translation>退場中</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>%1 speaks with: %2
Click: %1 speaks next. Right-click: enter or leave the scene.</source>
        <translation>%1 の接続: %2
クリック: 次に %1 が話します。右クリック: シーンに入る・出る。</translation>
    </message>
</context>
<context>
    <name>ChatActions</name>
    <message>
        <source>&amp;Rename…</source>
        <translation>名前を変更(&amp;R)…</translation>
    </message>
    <message>
        <source>&amp;Duplicate</source>
        <translation>複製(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;Delete…</source>
        <translation>削除(&amp;D)…</translation>
    </message>
    <message>
        <source>New &amp;exploration</source>
        <translation>新しい探索(&amp;E)</translation>
    </message>
    <message>
        <source>A chat where an agent reads your story library, knowledge and files and answers, changing nothing</source>
        <translation>エージェントがストーリーライブラリ、ナレッジ、ファイルを読んで答えるチャットです。何も変更しません</translation>
    </message>
    <message>
        <source>&amp;Import SillyTavern chat…</source>
        <translation>SillyTavern のチャットをインポート(&amp;I)…</translation>
    </message>
    <message>
        <source>Make chats of this project from SillyTavern chat files (.jsonl), their swipes as versions</source>
        <translation>SillyTavern のチャットファイル（.jsonl）からこのプロジェクトのチャットを作成します（スワイプはバージョンになります）</translation>
    </message>
    <message>
        <source>E&amp;xport as SillyTavern chat…</source>
        <translation>SillyTavern のチャットとしてエクスポート(&amp;X)…</translation>
    </message>
    <message>
        <source>Write this chat as a SillyTavern chat file (.jsonl), its answers&apos; versions as swipes</source>
        <translation>このチャットを SillyTavern のチャットファイル（.jsonl）として書き出します（回答のバージョンはスワイプになります）</translation>
    </message>
    <message>
        <source>Rename…</source>
        <translation>名前を変更…</translation>
    </message>
    <message>
        <source>Duplicate</source>
        <translation>複製</translation>
    </message>
    <message>
        <source>Import SillyTavern chat…</source>
        <translation>SillyTavern のチャットをインポート…</translation>
    </message>
    <message>
        <source>Export as SillyTavern chat…</source>
        <translation>SillyTavern のチャットとしてエクスポート…</translation>
    </message>
    <message>
        <source>Delete…</source>
        <translation>削除…</translation>
    </message>
    <message>
        <source>A run is going in this chat; stop it before deleting the chat.</source>
        <translation>このチャットでは実行中の処理があります。チャットを削除する前に停止してください。</translation>
    </message>
    <message>
        <source>Delete chat</source>
        <translation>チャットを削除</translation>
    </message>
    <message numerus="yes">
        <source>Delete the chat “%1” and its messages? You can undo this for %n seconds. Its runs stay in the history.</source>
        <translation>
            <numerusform>チャット「%1」とそのメッセージを削除しますか？ %n 秒間は元に戻せます。実行の記録は履歴に残ります。</numerusform>
        </translation>
    </message>
    <message>
        <source>Chat “%1” deleted.</source>
        <translation>チャット「%1」を削除しました。</translation>
    </message>
    <message>
        <source>Import SillyTavern chats</source>
        <translation>SillyTavern のチャットをインポート</translation>
    </message>
    <message>
        <source>SillyTavern chats (*.jsonl);;All files (*)</source>
        <translation>SillyTavern のチャット (*.jsonl);;すべてのファイル (*)</translation>
    </message>
    <message>
        <source>Reading %1…</source>
        <translation>%1 を読み込み中…</translation>
    </message>
    <message>
        <source>Imported %1 as the chat “%2”.</source>
        <translation>%1 をチャット「%2」としてインポートしました。</translation>
    </message>
    <message>
        <source>Removed %1 hidden characters (the file keeps them).</source>
        <translation>隠し文字を %1 個取り除きました（ファイルには残っています）。</translation>
    </message>
    <message>
        <source>Export as SillyTavern chat</source>
        <translation>SillyTavern のチャットとしてエクスポート</translation>
    </message>
    <message>
        <source>⚠ %1 could not be written: %2</source>
        <translation>⚠ %1 を書き込めませんでした: %2</translation>
    </message>
    <message>
        <source>Wrote the chat to %1.</source>
        <translation>チャットを %1 に書き出しました。</translation>
    </message>
</context>
<context>
    <name>ChatNavigation</name>
    <message>
        <source>New project</source>
        <translation>新しいプロジェクト</translation>
    </message>
    <message>
        <source>Name of the new project:</source>
        <translation>新しいプロジェクトの名前:</translation>
    </message>
    <message>
        <source>Rename project</source>
        <translation>プロジェクト名を変更</translation>
    </message>
    <message>
        <source>New name for “%1”:</source>
        <translation>「%1」の新しい名前:</translation>
    </message>
    <message>
        <source>Chat</source>
        <translation>チャット</translation>
    </message>
</context>
<context>
    <name>ChatView</name>
    <message>
        <source>Exploration · read only</source>
        <translation>探索 · 読み取り専用</translation>
    </message>
    <message>
        <source>The agent here reads your story library, knowledge and files and answers in the chat. It cannot change anything: every write is refused.</source>
        <translation>ここではエージェントがストーリーライブラリ、ナレッジ、ファイルを読み、チャットで答えます。何も変更できません。書き込みはすべて拒否されます。</translation>
    </message>
    <message numerus="yes">
        <source>Show earlier messages (%n more)</source>
        <translation>
            <numerusform>以前のメッセージを表示（あと %n 件）</numerusform>
        </translation>
    </message>
    <message>
        <source>Nothing here yet. Write how the scene opens below and press Ctrl+Enter: the character you picked in the cast, or the first one, speaks. /as Name gives someone the turn.</source>
        <translation>まだ何もありません。下にシーンの始まりを書いて Ctrl+Enter を押すと、キャストで選んだキャラクター（選ばなければ最初の人）が話します。/as 名前 で誰かに番を渡せます。</translation>
    </message>
    <message>
        <source>Nothing here yet. Ask about your story library, knowledge and files below; the explorer answers and changes nothing.</source>
        <translation>まだ何もありません。下の欄でストーリーライブラリ、ナレッジ、ファイルについて質問してください。エクスプローラーが答え、何も変更しません。</translation>
    </message>
    <message>
        <source>The project “%1” is new: its chats, story library, knowledge and Skills are its own. Add its characters and places under Story library and its documents under Knowledge (Library, Ctrl+L), then write what you want below and press Ctrl+Enter.</source>
        <translation>プロジェクト「%1」は新しく作られました。チャット、ストーリーライブラリ、ナレッジ、スキルはこのプロジェクト専用です。キャラクターや場所はストーリーライブラリに、資料はナレッジに追加し(ライブラリ、Ctrl+L)、下に望むことを書いて Ctrl+Enter を押してください。</translation>
    </message>
    <message>
        <source>Nothing here yet. Write what you want below and press Ctrl+Enter: the agent picked under the message starts and passes the work along. Start with @editor (or another agent&apos;s name) to pick who starts.</source>
        <translation>まだ何もありません。下に望むことを書いて Ctrl+Enter を押してください。メッセージの下で選んだエージェントが始め、作業を引き継いでいきます。@editor(または他のエージェント名)で始めると、誰が始めるかを選べます。</translation>
    </message>
    <message>
        <source>The last request was longer than the agent&apos;s model can hold (its server said so). Hand off to a new chat that starts from a summary of this one.</source>
        <translation>直前のリクエストはエージェントのモデルが扱える長さを超えていました（サーバーからの通知）。このチャットの要約から始まる新しいチャットに引き継いでください。</translation>
    </message>
    <message>
        <source>%1 is helping on a side task</source>
        <translation>%1 が別の作業を手伝っています</translation>
    </message>
    <message>
        <source>Calling %1…</source>
        <translation>%1 を呼び出し中…</translation>
    </message>
    <message>
        <source>The model server %1; trying again in %2 (attempt %3)…</source>
        <translation>モデルサーバーが%1。%2後にもう一度試します(%3 回目)…</translation>
    </message>
    <message>
        <source>Waiting for your approval of %1 on %2</source>
        <translation>%2 に対する %1 の承認を待っています</translation>
    </message>
    <message>
        <source>Waiting for your approval of %1</source>
        <translation>%1 の承認を待っています</translation>
    </message>
    <message>
        <source>could not be reached</source>
        <translation>つながりませんでした</translation>
    </message>
    <message>
        <source>stopped answering</source>
        <translation>応答しなくなりました</translation>
    </message>
    <message>
        <source>asked to wait</source>
        <translation>待つよう求めました</translation>
    </message>
    <message>
        <source>answered with an error</source>
        <translation>エラーを返しました</translation>
    </message>
    <message>
        <source>did not answer (%1)</source>
        <translation>応答しませんでした(%1)</translation>
    </message>
    <message>
        <source>%1 is calling %2…</source>
        <translation>%1 が %2 を呼び出し中…</translation>
    </message>
    <message>
        <source>no match</source>
        <translation>一致なし</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1/%2</translation>
    </message>
</context>
<context>
    <name>CodexView</name>
    <message>
        <source>New entry</source>
        <translation>新しい項目</translation>
    </message>
    <message>
        <source>A new entry of the type chosen in the list (a character when none is)</source>
        <translation>リストで選んだ種類の新しい項目（未選択なら登場人物）</translation>
    </message>
    <message>
        <source>Import…</source>
        <translation>インポート…</translation>
    </message>
    <message>
        <source>Import SillyTavern character cards (PNG, JSON, CHARX), World Info JSON or entry files into this project&apos;s story library</source>
        <translation>SillyTavern のキャラクターカード（PNG、JSON、CHARX）、World Info の JSON、項目ファイルをこのプロジェクトのストーリーライブラリにインポートします</translation>
    </message>
    <message>
        <source>Export World Info…</source>
        <translation>World Info をエクスポート…</translation>
    </message>
    <message>
        <source>Write this project&apos;s entries as a SillyTavern World Info file</source>
        <translation>このプロジェクトの項目を SillyTavern の World Info ファイルとして書き出します</translation>
    </message>
    <message>
        <source>Story library entries</source>
        <translation>ストーリーライブラリの項目</translation>
    </message>
    <message>
        <source>Entry</source>
        <extracomment>more changed rows than this are told as one change of the layout: a tree told of a range of rows measures every row of it (1,000 on a book: 40 to 50 ms on the GUI thread), after a layout change only those it shows</extracomment>
        <translation>項目</translation>
    </message>
    <message>
        <source>Mentions</source>
        <translation>言及</translation>
    </message>
    <message>
        <source>Messages of this project&apos;s chats that mention the entry (its name or an alias)</source>
        <translation>この項目（名前または別名）に言及している、このプロジェクトのチャットのメッセージ</translation>
    </message>
    <message>
        <source>Also called %1</source>
        <translation>別名: %1</translation>
    </message>
    <message>
        <source>Saved to %1.</source>
        <translation>%1 に保存しました。</translation>
    </message>
    <message>
        <source>Delete entry</source>
        <translation>項目を削除</translation>
    </message>
    <message>
        <source>Delete “%1” and its file %2?</source>
        <translation>「%1」とそのファイル %2 を削除しますか？</translation>
    </message>
    <message>
        <source>Import into the story library</source>
        <translation>ストーリーライブラリにインポート</translation>
    </message>
    <message>
        <source>Cards and World Info (*.png *.json *.charx *.md);;All files (*)</source>
        <translation>カードと World Info (*.png *.json *.charx *.md);;すべてのファイル (*)</translation>
    </message>
    <message>
        <source>Reading %1…</source>
        <translation>%1 を読み込み中…</translation>
    </message>
    <message>
        <source>Nothing was imported.</source>
        <translation>何もインポートされませんでした。</translation>
    </message>
    <message>
        <source>Export World Info</source>
        <translation>World Info をエクスポート</translation>
    </message>
    <message>
        <source>World Info (*.json);;All files (*)</source>
        <translation>World Info (*.json);;すべてのファイル (*)</translation>
    </message>
    <message>
        <source>⚠ %1 could not be written: %2</source>
        <translation>⚠ %1 を書き込めませんでした: %2</translation>
    </message>
    <message numerus="yes">
        <source>Wrote %n entries to %1 as World Info.</source>
        <translation>
            <numerusform>%n 件の項目を World Info として %1 に書き出しました。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CompareDialog</name>
    <message>
        <source>Compare branches</source>
        <translation>分岐を比較</translation>
    </message>
    <message>
        <source>From %1 (−) to %2 (+)</source>
        <translation>%1（−）から %2（+）へ</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>閉じる</translation>
    </message>
    <message>
        <source>No changes.</source>
        <translation>変更はありません。</translation>
    </message>
    <message>
        <source>Final message</source>
        <translation>最終メッセージ</translation>
    </message>
    <message>
        <source>Only in the fork.</source>
        <translation>分岐にのみあります。</translation>
    </message>
    <message>
        <source>Only in the run it came from.</source>
        <translation>分岐元の実行にのみあります。</translation>
    </message>
</context>
<context>
    <name>Composer</name>
    <message>
        <source>A run is going in this chat. The agents at work can take your text as guidance now, or it can wait until the run ends.</source>
        <translation>このチャットで実行中です。作業中のエージェントに今すぐ指示として渡すことも、実行の終了まで待つこともできます。</translation>
    </message>
    <message>
        <source>Send as guidance</source>
        <translation>指示として送信</translation>
    </message>
    <message>
        <source>The agent at work reads it at its next step; the run goes on</source>
        <translation>作業中のエージェントが次のステップで読みます。実行は続きます</translation>
    </message>
    <message>
        <source>Send when it ends</source>
        <translation>終了後に送信</translation>
    </message>
    <message>
        <source>Stop it and send</source>
        <translation>停止して送信</translation>
    </message>
    <message>
        <source>Keep editing</source>
        <translation>編集を続ける</translation>
    </message>
    <message>
        <source>Editing an earlier message: Send reruns it in a new branch of this chat, with the history before it; the original chat stays as it is.</source>
        <translation>以前のメッセージを編集中：送信すると、それまでの履歴とともにこのチャットの新しい分岐で再実行します。元のチャットはそのまま残ります。</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>キャンセル</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>メッセージ</translation>
    </message>
    <message>
        <source>Agent</source>
        <translation>エージェント</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Stop the active run (Esc)</source>
        <translation>実行中の処理を停止 (Esc)</translation>
    </message>
    <message>
        <source>Send</source>
        <translation>送信</translation>
    </message>
    <message>
        <source>Send (Ctrl+Enter)</source>
        <translation>送信 (Ctrl+Enter)</translation>
    </message>
    <message>
        <source>The scene&apos;s direction, or /as Name…  (Enter: the next turn, Shift+Enter adds a line)</source>
        <translation>シーンの演出指示、または /as 名前…  （Enter: 次の番、Shift+Enter: 改行）</translation>
    </message>
    <message>
        <source>The scene&apos;s direction, or /as Name…  (Ctrl+Enter: the next turn)</source>
        <translation>シーンの演出指示、または /as 名前…  （Ctrl+Enter: 次の番）</translation>
    </message>
    <message>
        <source>Ask about your story library, knowledge and files…  (Enter sends, Shift+Enter adds a line)</source>
        <translation>ストーリーライブラリ、ナレッジ、ファイルについて質問…  (Enter で送信、Shift+Enter で改行)</translation>
    </message>
    <message>
        <source>Ask about your story library, knowledge and files…  (Ctrl+Enter sends)</source>
        <translation>ストーリーライブラリ、ナレッジ、ファイルについて質問…  (Ctrl+Enter で送信)</translation>
    </message>
    <message>
        <source>Write to your agents…  (@editor picks an agent, Enter sends, Shift+Enter adds a line)</source>
        <translation>エージェントへのメッセージ…（@editor でエージェントを指定、Enter で送信、Shift+Enter で改行）</translation>
    </message>
    <message>
        <source>Write to your agents…  (@editor picks an agent, Ctrl+Enter sends)</source>
        <translation>エージェントへのメッセージ…（@editor でエージェントを指定、Ctrl+Enter で送信）</translation>
    </message>
    <message>
        <source>Send (Enter or Ctrl+Enter)</source>
        <translation>送信 (Enter または Ctrl+Enter)</translation>
    </message>
    <message>
        <source>  (needs a model)</source>
        <translation>  （モデルが必要）</translation>
    </message>
    <message>
        <source>Sending when your chats are open…</source>
        <translation>チャットが開いたら送信します…</translation>
    </message>
</context>
<context>
    <name>ConnectionForm</name>
    <message>
        <source>Add a connection</source>
        <translation>接続を追加</translation>
    </message>
    <message>
        <source>Custom</source>
        <translation>カスタム</translation>
    </message>
    <message>
        <source>Preset</source>
        <translation>プリセット</translation>
    </message>
    <message>
        <source>e.g. openai-main</source>
        <translation>例: openai-main</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名前</translation>
    </message>
    <message>
        <source>OpenAI-compatible</source>
        <translation>OpenAI 互換</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>種類</translation>
    </message>
    <message>
        <source>https://api.openai.com/v1 or http://127.0.0.1:8080/v1</source>
        <translation>https://api.openai.com/v1 または http://127.0.0.1:8080/v1</translation>
    </message>
    <message>
        <source>Base URL</source>
        <translation>ベース URL</translation>
    </message>
    <message>
        <source>the default model; List models asks the server</source>
        <translation>既定のモデル。「モデル一覧」でサーバーに問い合わせます</translation>
    </message>
    <message>
        <source>List models</source>
        <translation>モデル一覧</translation>
    </message>
    <message>
        <source>Ask the server which models it offers</source>
        <translation>サーバーが提供するモデルを問い合わせます</translation>
    </message>
    <message>
        <source>Default model</source>
        <translation>既定のモデル</translation>
    </message>
    <message>
        <source>not needed for a server on this computer</source>
        <translation>このコンピューター上のサーバーには不要</translation>
    </message>
    <message>
        <source>API key</source>
        <translation>API キー</translation>
    </message>
    <message>
        <source>Headers</source>
        <translation>ヘッダー</translation>
    </message>
    <message>
        <source>This computer has no keychain: keep API keys in a file only I can read</source>
        <translation>このコンピューターにはキーチェーンがありません：API キーを自分だけが読めるファイルに保存する</translation>
    </message>
    <message>
        <source>Add connection</source>
        <translation>接続を追加</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>キャンセル</translation>
    </message>
    <message>
        <source>Leave the connection as it was</source>
        <translation>接続を元のままにする</translation>
    </message>
    <message>
        <source>A connection &apos;%1&apos; already exists; remove it first or pick another name.</source>
        <translation>接続「%1」は既にあります。先に削除するか、別の名前を選んでください。</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not on this computer, so it needs an API key.</source>
        <translation>「%1」はこのコンピューター上にないため、API キーが必要です。</translation>
    </message>
    <message>
        <source>This computer has no keychain to keep the API key in. Tick the box above to keep keys in a file only you can read, or add the key later.</source>
        <translation>このコンピューターには API キーを保管するキーチェーンがありません。上のチェックを入れて自分だけが読めるファイルに保存するか、後でキーを追加してください。</translation>
    </message>
    <message>
        <source> Its secrets are in the system keychain.</source>
        <translation> 秘密情報はシステムのキーチェーンにあります。</translation>
    </message>
    <message>
        <source> Its secrets are in %1 (readable only by you).</source>
        <translation> 秘密情報は %1 にあります（あなただけが読めます）。</translation>
    </message>
    <message>
        <source> It is the default connection.</source>
        <translation> これが既定の接続です。</translation>
    </message>
    <message>
        <source>Added connection &apos;%1&apos; (%2).</source>
        <translation>接続「%1」(%2) を追加しました。</translation>
    </message>
    <message>
        <source>Saved connection &apos;%1&apos; (%2, model %3).</source>
        <translation>接続「%1」(%2、モデル %3) を保存しました。</translation>
    </message>
    <message>
        <source>Saved connection &apos;%1&apos; (%2).</source>
        <translation>接続「%1」(%2) を保存しました。</translation>
    </message>
    <message>
        <source>Saved connection &apos;%1&apos;, but a removed header&apos;s value could not be forgotten: %2</source>
        <translation>接続「%1」を保存しましたが、削除したヘッダーの値を破棄できませんでした: %2</translation>
    </message>
    <message>
        <source>Edit &apos;%1&apos;</source>
        <translation>「%1」を編集</translation>
    </message>
    <message>
        <source>leave empty to keep the stored key</source>
        <translation>空欄なら保存済みのキーを使い続けます</translation>
    </message>
    <message>
        <source>Save changes</source>
        <translation>変更を保存</translation>
    </message>
    <message>
        <source>Asking %1 for its models…</source>
        <translation>%1 にモデルを問い合わせ中…</translation>
    </message>
    <message numerus="yes">
        <source>The server offers %n model(s); pick the default one and save the changes.</source>
        <translation>
            <numerusform>サーバーは %n 個のモデルを提供しています。既定のモデルを選んで変更を保存してください。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The server offers %n model(s); pick the default one and add the connection.</source>
        <translation>
            <numerusform>サーバーは %n 個のモデルを提供しています。既定のモデルを選んで接続を追加してください。</numerusform>
        </translation>
    </message>
    <message>
        <source>The server answers but lists no models; type the model&apos;s name.</source>
        <translation>サーバーは応答しましたが、モデルの一覧がありません。モデル名を入力してください。</translation>
    </message>
</context>
<context>
    <name>ConnectionList</name>
    <message>
        <source>&lt;b&gt;Model connections&lt;/b&gt;</source>
        <translation>&lt;b&gt;モデル接続&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Test</source>
        <translation>テスト</translation>
    </message>
    <message>
        <source>Send a one-token request and say whether the connection works</source>
        <translation>1 トークンのリクエストを送り、接続が動くかどうかを表示します</translation>
    </message>
    <message>
        <source>Edit</source>
        <translation>編集</translation>
    </message>
    <message>
        <source>Change the connection&apos;s address, model, key or headers</source>
        <translation>接続のアドレス・モデル・キー・ヘッダーを変更</translation>
    </message>
    <message>
        <source>Make default</source>
        <translation>既定にする</translation>
    </message>
    <message>
        <source>Agents set to use the default connection run on this one</source>
        <translation>既定の接続を使うエージェントはこの接続で動きます</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>削除</translation>
    </message>
    <message>
        <source>Remove the connection and forget its API key</source>
        <translation>接続を削除し、その API キーを破棄します</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is now the default connection: agents set to use the default run on it.</source>
        <translation>「%1」が既定の接続になりました。既定を使うエージェントはこの接続で動きます。</translation>
    </message>
    <message>
        <source>Testing &apos;%1&apos;…</source>
        <translation>「%1」をテスト中…</translation>
    </message>
    <message>
        <source>Removed connection &apos;%1&apos;.</source>
        <translation>接続「%1」を削除しました。</translation>
    </message>
    <message>
        <source> The default connection is now &apos;%1&apos;.</source>
        <translation> 既定の接続は「%1」になりました。</translation>
    </message>
    <message>
        <source>Removed connection &apos;%1&apos;, but its key could not be forgotten: %2</source>
        <translation>接続「%1」を削除しましたが、キーを破棄できませんでした: %2</translation>
    </message>
    <message>
        <source>(the connections could not be read: %1)</source>
        <translation>（接続を読み込めませんでした: %1）</translation>
    </message>
    <message>
        <source>API key in the keychain</source>
        <translation>API キーはキーチェーン内</translation>
    </message>
    <message>
        <source>API key in the key file</source>
        <translation>API キーはキーファイル内</translation>
    </message>
    <message>
        <source>API key from the environment</source>
        <translation>API キーは環境変数から</translation>
    </message>
    <message>
        <source>no key needed</source>
        <translation>キー不要</translation>
    </message>
    <message>
        <source>no API key</source>
        <translation>API キーなし</translation>
    </message>
    <message>
        <source>  ·  default</source>
        <translation>  ·  既定</translation>
    </message>
    <message>
        <source>model: the first the server lists</source>
        <translation>モデル: サーバーの一覧の先頭</translation>
    </message>
    <message>
        <source>The default connection: agents set to use the default run on it</source>
        <translation>既定の接続：既定を使うエージェントはこの接続で動きます</translation>
    </message>
    <message>
        <source>(none yet: add one below, or find a server on this computer)</source>
        <translation>（まだありません：下で追加するか、このコンピューター上のサーバーを探してください）</translation>
    </message>
</context>
<context>
    <name>ContinuityAfterCommit</name>
    <message>
        <source>The continuity check after the commit could not be done: %1</source>
        <translation>コミット後の連続性チェックができませんでした: %1</translation>
    </message>
    <message>
        <source>Continuity: %1 findings after the commit (Chat → Check continuity…)</source>
        <translation>連続性: コミット後に %1 件の指摘(チャット → 連続性をチェック…)</translation>
    </message>
    <message>
        <source>Continuity: checked after the commit at %1, nothing found.</source>
        <translation>連続性: コミット後 %1 にチェックしました。指摘はありません。</translation>
    </message>
</context>
<context>
    <name>ContinuityDialog</name>
    <message>
        <source>Continuity check</source>
        <translation>連続性チェック</translation>
    </message>
    <message>
        <source>Checking the chat against the canon…</source>
        <translation>チャットを正典と照合しています…</translation>
    </message>
    <message>
        <source>Show the &amp;text</source>
        <translation>本文を表示(&amp;T)</translation>
    </message>
    <message>
        <source>Show the &amp;evidence</source>
        <translation>根拠を表示(&amp;E)</translation>
    </message>
    <message>
        <source>Agent to fix it</source>
        <translation>修正するエージェント</translation>
    </message>
    <message>
        <source>&amp;Send to an agent to fix</source>
        <translation>エージェントに修正を依頼(&amp;S)</translation>
    </message>
    <message>
        <source>The agent chosen beside it rewrites the passage; you approve its change in the patch dialog</source>
        <translation>横で選んだエージェントがその箇所を書き直します。変更は変更確認ダイアログで承認します</translation>
    </message>
    <message>
        <source>Ask the &amp;reviewer</source>
        <translation>レビュアーに依頼(&amp;R)</translation>
    </message>
    <message>
        <source>The continuity reviewer reads each chapter against the canon; a finding whose quotes are not word for word in the text is dropped</source>
        <translation>連続性レビュアーが各章を正典と照合します。引用が本文と一字一句一致しない指摘は破棄されます</translation>
    </message>
    <message>
        <source>Why this is intentional (kept with it)</source>
        <translation>意図的である理由(一緒に保存されます)</translation>
    </message>
    <message>
        <source>&amp;Mark intentional</source>
        <translation>意図的としてマーク(&amp;M)</translation>
    </message>
    <message>
        <source>The check could not be done: %1</source>
        <translation>チェックできませんでした: %1</translation>
    </message>
    <message>
        <source>%1 findings in %2 chapters against %3 facts.</source>
        <translation>%2 章を %3 件の事実と照合し、%1 件の指摘。</translation>
    </message>
    <message>
        <source>The continuity reviewer is reading the chapters…</source>
        <translation>連続性レビュアーが各章を読んでいます…</translation>
    </message>
    <message>
        <source>The reviewer cannot be asked: %1</source>
        <translation>レビュアーに依頼できません: %1</translation>
    </message>
    <message>
        <source>The reviewer found %1 more; %2 of its findings were dropped: their quotes are not word for word in the text or the canon. %3 chapters could not be reviewed.</source>
        <translation>レビュアーはさらに %1 件を見つけました。%2 件の指摘は、引用が本文にも正典にも一字一句一致しないため破棄されました。%3 章はレビューできませんでした。</translation>
    </message>
    <message>
        <source>Conflicting facts</source>
        <translation>矛盾する事実</translation>
    </message>
    <message>
        <source>Acts after death</source>
        <translation>死後の行動</translation>
    </message>
    <message>
        <source>Age does not add up</source>
        <translation>年齢が合わない</translation>
    </message>
    <message>
        <source>Text against the canon</source>
        <translation>本文と正典の食い違い</translation>
    </message>
    <message>
        <source>%1, chapter %2</source>
        <translation>%1、第 %2 章</translation>
    </message>
    <message>
        <source>the canon (the fact&apos;s own words)</source>
        <translation>正典(事実そのものの文言)</translation>
    </message>
    <message>
        <source>There is no finding to show here.</source>
        <translation>ここに表示する指摘はありません。</translation>
    </message>
    <message>
        <source>Choose a finding above to see its passages.</source>
        <translation>上の指摘を選ぶと、その箇所が表示されます。</translation>
    </message>
    <message>
        <source>In the text: %1</source>
        <translation>本文: %1</translation>
    </message>
    <message>
        <source>Contradicts: %1</source>
        <translation>矛盾する箇所: %1</translation>
    </message>
    <message>
        <source>This finding quotes no passage.</source>
        <translation>この指摘は箇所を引用していません。</translation>
    </message>
    <message>
        <source>This passage is the fact&apos;s own words: it is in the canon.</source>
        <translation>この箇所は事実そのものの文言で、正典にあります。</translation>
    </message>
    <message>
        <source>Say why the finding is intentional: the reason is kept with it.</source>
        <translation>この指摘が意図的である理由を入力してください。理由は一緒に保存されます。</translation>
    </message>
    <message>
        <source>The finding could not be marked: %1</source>
        <translation>指摘をマークできませんでした: %1</translation>
    </message>
    <message>
        <source>Marked intentional: it will not be reported again.</source>
        <translation>意図的としてマークしました。今後は報告されません。</translation>
    </message>
    <message>
        <source>A run is already going in that chat: send the fix when it ends.</source>
        <translation>そのチャットではすでに実行中です。終わってから修正を依頼してください。</translation>
    </message>
    <message>
        <source>The fix could not be started: %1</source>
        <translation>修正を開始できませんでした: %1</translation>
    </message>
    <message>
        <source>%1 is fixing it: approve the change in the patch dialog.</source>
        <translation>%1 が修正しています。変更確認ダイアログで変更を承認してください。</translation>
    </message>
</context>
<context>
    <name>DelegationSection</name>
    <message>
        <source>May hand off the stage</source>
        <translation>ステージを引き継げる</translation>
    </message>
    <message>
        <source>May ask helpers for side tasks</source>
        <translation>ヘルパーに別の作業を頼める</translation>
    </message>
    <message>
        <source>Other agents may call it</source>
        <translation>ほかのエージェントから呼び出せる</translation>
    </message>
    <message>
        <source>…as the next stage</source>
        <translation>…次のステージとして</translation>
    </message>
    <message>
        <source>…as a helper</source>
        <translation>…ヘルパーとして</translation>
    </message>
    <message>
        <source>How it hands off</source>
        <translation>引き継ぎ方</translation>
    </message>
    <message>
        <source>One tool, naming the next agent</source>
        <translation>次のエージェントを指定する 1 つのツール</translation>
    </message>
    <message>
        <source>One tool per next agent</source>
        <translation>次のエージェントごとに 1 つのツール</translation>
    </message>
    <message>
        <source>Handoff tools (delegation.handoffToolStyle): single agent_handoff(agentId, …), or perTarget: one transfer_to_&lt;id&gt; tool per agent it may hand off to</source>
        <translation>引き継ぎツール (delegation.handoffToolStyle): single は agent_handoff(agentId, …) 1 つ、perTarget は引き継げるエージェントごとに transfer_to_&lt;id&gt; ツール 1 つ</translation>
    </message>
    <message>
        <source>How other agents see it</source>
        <translation>ほかのエージェントからの見え方</translation>
    </message>
    <message>
        <source>delegation.descriptionForAgents: what agent_list and the handoff tools say about it</source>
        <translation>delegation.descriptionForAgents: agent_list と引き継ぎツールが示す説明</translation>
    </message>
    <message>
        <source>Next stage</source>
        <translation>次の段階</translation>
    </message>
    <message>
        <source>handoff.next: when this agent ends its part without handing off (it answers in text, or commits and stops), the studio hands its draft to this agent</source>
        <translation>handoff.next: このエージェントが引き継がずに自分の担当を終えたとき（テキストで答えた、または公開して止まったとき）、スタジオがその下書きをこのエージェントに渡します</translation>
    </message>
    <message>
        <source>Brief for the next stage</source>
        <translation>次の段階への指示</translation>
    </message>
    <message>
        <source>handoff.briefTemplate: what the next stage is asked to do; {file} becomes the draft&apos;s file. Empty: the next agent&apos;s description</source>
        <translation>handoff.briefTemplate: 次の段階に頼むこと。{file} は下書きのファイルになります。空の場合は次のエージェントの説明</translation>
    </message>
    <message>
        <source>Let me see the brief first</source>
        <translation>引き継ぎメモを先に確認する</translation>
    </message>
    <message>
        <source>handoff.reviewBrief: when this agent hands off, the run waits and its brief opens in an editor; the next stage starts with your version</source>
        <translation>handoff.reviewBrief: このエージェントが引き継ぐとき、実行は待機し、引き継ぎメモがエディタで開きます。次のステージはあなたの版で始まります</translation>
    </message>
    <message>
        <source>Who may call it</source>
        <translation>呼び出せるエージェント</translation>
    </message>
    <message>
        <source>Offered as the next stage</source>
        <translation>次のステージとして提示</translation>
    </message>
    <message>
        <source>Always</source>
        <translation>常に</translation>
    </message>
    <message>
        <source>Never</source>
        <translation>しない</translation>
    </message>
    <message>
        <source>After something is posted</source>
        <translation>何かがコミットされた後</translation>
    </message>
    <message>
        <source>What it sees of earlier stages</source>
        <translation>前のステージから見えるもの</translation>
    </message>
    <message>
        <source>The chat and the brief</source>
        <translation>チャットと引き継ぎメモ</translation>
    </message>
    <message>
        <source>Only the brief</source>
        <translation>引き継ぎメモのみ</translation>
    </message>
    <message>
        <source>The full history</source>
        <translation>履歴すべて</translation>
    </message>
    <message>
        <source>A summary of the conversation</source>
        <translation>会話の要約</translation>
    </message>
    <message>
        <source>…without the tool calls and their results</source>
        <translation>…ツール呼び出しとその結果を除く</translation>
    </message>
    <message>
        <source>Name of the tool others call</source>
        <translation>ほかのエージェントが呼ぶツールの名前</translation>
    </message>
    <message>
        <source>default: transfer_to_&lt;id&gt;</source>
        <translation>既定: transfer_to_&lt;id&gt;</translation>
    </message>
    <message>
        <source>handoffIn.toolNameOverride: replaces transfer_to_&lt;id&gt; (with one tool per next agent)</source>
        <translation>handoffIn.toolNameOverride: transfer_to_&lt;id&gt; を置き換えます（次のエージェントごとに 1 つのツールの場合）</translation>
    </message>
    <message>
        <source>What that tool says</source>
        <translation>そのツールの説明</translation>
    </message>
    <message>
        <source>Optional, e.g.</source>
        <translation>任意。例:</translation>
    </message>
    <message>
        <source>What callers must hand over</source>
        <translation>呼び出し側が渡すべき内容</translation>
    </message>
    <message>
        <source>handoffIn.inputSchema: a JSON Schema object; its fields are added to the handoff tool</source>
        <translation>handoffIn.inputSchema: JSON Schema オブジェクト。そのフィールドが引き継ぎツールに追加されます</translation>
    </message>
    <message>
        <source>Longest chain of handoffs</source>
        <translation>引き継ぎの最大連鎖数</translation>
    </message>
    <message>
        <source>Helpers at once</source>
        <translation>同時に使うヘルパー数</translation>
    </message>
    <message>
        <source>Helpers per run</source>
        <translation>1 回の実行あたりのヘルパー数</translation>
    </message>
    <message>
        <source>None: it hands off itself, or finishes</source>
        <translation>handoff.briefTemplate: 次の段階に頼むこと。{file} は下書きのファイルになります。空の場合は次のエージェントの説明</translation>
    </message>
    <message>
        <source>%1 (not an agent here)</source>
        <translation>%1（ここにはいないエージェント）</translation>
    </message>
    <message>
        <source>No agent here has the id %1: nobody can call it by that id until an agent with it exists. Untick it if it is a typo (%2).</source>
        <translation>ID %1 のエージェントはここにはいません。そのIDのエージェントができるまで、誰もそのIDで呼び出せません。入力ミスならチェックを外してください（%2）。</translation>
    </message>
    <message>
        <source>Not valid JSON (line %1, column %2): %3.</source>
        <translation>JSON として正しくありません（%1 行 %2 列）: %3。</translation>
    </message>
    <message>
        <source>Any agent (*)</source>
        <translation>すべてのエージェント (*)</translation>
    </message>
</context>
<context>
    <name>Detail</name>
    <message>
        <source>Show the raw entry</source>
        <translation>記録の原文を表示</translation>
    </message>
    <message>
        <source>The raw journal entry</source>
        <translation>記録の原文</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;i&gt;none&lt;/i&gt;&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;i&gt;なし&lt;/i&gt;&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Handoff to %1: %2</source>
        <translation>%1 への引き継ぎ: %2</translation>
    </message>
    <message>
        <source>&lt;p&gt;The brief as the target agent received it:&lt;/p&gt;</source>
        <translation>&lt;p&gt;引き継ぎ先のエージェントが受け取った引き継ぎメモ:&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;i&gt;The target has not started yet.&lt;/i&gt;&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;i&gt;引き継ぎ先はまだ開始していません。&lt;/i&gt;&lt;/p&gt;</translation>
    </message>
    <message>
        <source>answered</source>
        <translation>回答済み</translation>
    </message>
    <message>
        <source>tool calls</source>
        <translation>ツール呼び出し</translation>
    </message>
    <message>
        <source>output limit reached</source>
        <translation>出力の上限に到達</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;i&gt;The call is still streaming; its record is written when it ends.&lt;/i&gt;&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;i&gt;呼び出しはまだストリーミング中です。終了時に記録が書き込まれます。&lt;/i&gt;&lt;/p&gt;</translation>
    </message>
    <message>
        <source>%1 · model call %2</source>
        <translation>%1 · モデル呼び出し %2</translation>
    </message>
    <message>
        <source>&lt;p&gt;Model &lt;b&gt;%1&lt;/b&gt; · %2 · started %3&lt;/p&gt;</source>
        <translation>&lt;p&gt;モデル &lt;b&gt;%1&lt;/b&gt; · %2 · 開始 %3&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;Usage (estimated, the server sent no counts): ~%1 input, ~%2 output tokens · finish: %3&lt;/p&gt;</source>
        <translation>&lt;p&gt;使用量（推定。サーバーが数を送りませんでした）: 入力 ~%1、出力 ~%2 トークン · 終了理由: %3&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;Usage: %1 input, %2 output, %3 cached tokens · finish: %4&lt;/p&gt;</source>
        <translation>&lt;p&gt;使用量: 入力 %1、出力 %2、キャッシュ %3 トークン · 終了理由: %4&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Response</source>
        <translation>応答</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>エラー</translation>
    </message>
    <message>
        <source>System prompt</source>
        <translation>システムプロンプト</translation>
    </message>
    <message>
        <source>Messages (%1)</source>
        <translation>メッセージ (%1)</translation>
    </message>
    <message>
        <source>Tools (%1)</source>
        <translation>ツール (%1)</translation>
    </message>
    <message>
        <source>Arguments</source>
        <translation>引数</translation>
    </message>
    <message>
        <source>The creator rejected this.</source>
        <translation>作成者がこれを却下しました。</translation>
    </message>
    <message>
        <source>The creator approved this with their own edits.</source>
        <translation>作成者が自分の編集を加えてこれを承認しました。</translation>
    </message>
    <message>
        <source>The creator approved this.</source>
        <translation>作成者がこれを承認しました。</translation>
    </message>
    <message>
        <source>Citations</source>
        <translation>引用</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>結果</translation>
    </message>
    <message>
        <source>%1: version %2 → %3</source>
        <translation>%1: バージョン %2 → %3</translation>
    </message>
    <message>
        <source>none</source>
        <translation>なし</translation>
    </message>
    <message>
        <source>No changes.</source>
        <translation>変更はありません。</translation>
    </message>
    <message>
        <source>The review could not be done.</source>
        <translation>レビューを実行できませんでした。</translation>
    </message>
    <message>
        <source>Issues (%1)</source>
        <translation>問題（%1）</translation>
    </message>
    <message>
        <source>Suggestions (%1)</source>
        <translation>提案（%1）</translation>
    </message>
    <message>
        <source>Brief as received</source>
        <translation>受け取った引き継ぎメモ</translation>
    </message>
    <message>
        <source>What %1 read, part by part with its tokens and why each is there, is shown with the model call that follows: select that call&apos;s row or its bar.</source>
        <translation>%1 が読んだ内容（部分ごとのトークン数と含まれる理由）は、続くモデル呼び出しに表示されます。その行かバーを選んでください。</translation>
    </message>
</context>
<context>
    <name>DetailPane</name>
    <message>
        <source>Select a bar, a handoff marker or an event to see its details.</source>
        <translation>バー、引き継ぎマーカー、またはイベントを選ぶと詳細が表示されます。</translation>
    </message>
</context>
<context>
    <name>DocsBrowser</name>
    <message>
        <source>Relay Studio user guide</source>
        <translation>Relay Studio ユーザーガイド</translation>
    </message>
    <message>
        <source>User guide</source>
        <translation>ユーザーガイド</translation>
    </message>
    <message>
        <source>Back</source>
        <translation>戻る</translation>
    </message>
    <message>
        <source>Forward</source>
        <translation>進む</translation>
    </message>
</context>
<context>
    <name>DocumentView</name>
    <message>
        <source>← Back to the search</source>
        <translation>← 検索に戻る</translation>
    </message>
</context>
<context>
    <name>Duration</name>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ミリ秒</translation>
    </message>
</context>
<context>
    <name>EntryEditor</name>
    <message>
        <source>Other names, separated by commas</source>
        <translation>別名（カンマ区切り）</translation>
    </message>
    <message>
        <source>Tags, separated by commas</source>
        <translation>タグ（カンマ区切り）</translation>
    </message>
    <message>
        <source>What the agents read when the entry is mentioned</source>
        <translation>この項目が言及されたときにエージェントが読む内容</translation>
    </message>
    <message>
        <source>Only for you: the agents never see these notes</source>
        <translation>あなた専用：エージェントはこのメモを見ません</translation>
    </message>
    <message>
        <source>Match case</source>
        <translation>大文字と小文字を区別</translation>
    </message>
    <message>
        <source>Phrases that are not mentions, separated by commas</source>
        <translation>言及とみなさない語句（カンマ区切り）</translation>
    </message>
    <message>
        <source>Always give it to the agents</source>
        <translation>常にエージェントに渡す</translation>
    </message>
    <message>
        <source>alwaysInclude: in every stage&apos;s prompt, mentioned or not (first within the budget)</source>
        <translation>alwaysInclude: 言及の有無にかかわらず全ステージのプロンプトに含める（予算内で最優先）</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名前</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>種類</translation>
    </message>
    <message>
        <source>Also called</source>
        <translation>別名</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>キー</translation>
    </message>
    <message>
        <source>Tags</source>
        <translation>タグ</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>説明</translation>
    </message>
    <message>
        <source>Private notes</source>
        <translation>非公開メモ</translation>
    </message>
    <message>
        <source>Tracking</source>
        <translation>検出</translation>
    </message>
    <message>
        <source>Not a mention</source>
        <translation>言及としない語句</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>保存</translation>
    </message>
    <message>
        <source>Write the entry&apos;s file (Ctrl+S)</source>
        <translation>項目のファイルを書き込む (Ctrl+S)</translation>
    </message>
    <message>
        <source>Delete…</source>
        <translation>削除…</translation>
    </message>
    <message>
        <source>File: %1</source>
        <translation>ファイル: %1</translation>
    </message>
    <message>
        <source>A new entry: fill in a name and Save.</source>
        <translation>新しい項目：名前を入力して保存してください。</translation>
    </message>
</context>
<context>
    <name>EntryTypes</name>
    <message>
        <source>Character</source>
        <translation>キャラクター</translation>
    </message>
    <message>
        <source>Location</source>
        <translation>場所</translation>
    </message>
    <message>
        <source>Item</source>
        <translation>アイテム</translation>
    </message>
    <message>
        <source>Lore</source>
        <translation>設定</translation>
    </message>
    <message>
        <source>Rule</source>
        <translation>ルール</translation>
    </message>
    <message>
        <source>Plot thread</source>
        <translation>プロットの筋</translation>
    </message>
    <message>
        <source>Other</source>
        <translation>その他</translation>
    </message>
</context>
<context>
    <name>EventSentence</name>
    <message>
        <source>The run started: “%1”</source>
        <translation>実行が始まりました：「%1」</translation>
    </message>
    <message>
        <source>The run started</source>
        <translation>実行が始まりました</translation>
    </message>
    <message>
        <source>Before Send, the forecast was %1 to %2 input tokens</source>
        <translation>送信前の予測は入力 %1〜%2 トークンでした</translation>
    </message>
    <message>
        <source>The forecast before Send was kept</source>
        <translation>送信前の予測を記録しました</translation>
    </message>
    <message>
        <source>The run is now %1</source>
        <translation>実行は現在「%1」です</translation>
    </message>
    <message>
        <source>The run resumed</source>
        <translation>実行を再開しました</translation>
    </message>
    <message>
        <source>This run was forked from stage %1 of an earlier run</source>
        <translation>この実行は以前の実行のステージ %1 から分岐しました</translation>
    </message>
    <message>
        <source>The run paused</source>
        <translation>実行を一時停止しました</translation>
    </message>
    <message>
        <source>The run was interrupted</source>
        <translation>実行が中断されました</translation>
    </message>
    <message>
        <source>The run finished</source>
        <translation>実行が完了しました</translation>
    </message>
    <message>
        <source>The run finished in part: %1</source>
        <translation>実行は一部だけ完了しました：%1</translation>
    </message>
    <message>
        <source>The run failed: %1</source>
        <translation>実行が失敗しました：%1</translation>
    </message>
    <message>
        <source>The run was cancelled</source>
        <translation>実行がキャンセルされました</translation>
    </message>
    <message>
        <source>%1 was set up as the first stage</source>
        <translation>%1 が最初のステージとして準備されました</translation>
    </message>
    <message>
        <source>%1 was set up as the next stage</source>
        <translation>%1 が次のステージとして準備されました</translation>
    </message>
    <message>
        <source>%1 was set up as a helper</source>
        <translation>%1 がヘルパーとして準備されました</translation>
    </message>
    <message>
        <source>%1 started working</source>
        <translation>%1 が作業を始めました</translation>
    </message>
    <message>
        <source>%1 finished its part</source>
        <translation>%1 が担当分を終えました</translation>
    </message>
    <message>
        <source>%1 failed: %2</source>
        <translation>%1 が失敗しました：%2</translation>
    </message>
    <message>
        <source>%1 was stopped</source>
        <translation>%1 が停止されました</translation>
    </message>
    <message>
        <source>%1 passed its part on</source>
        <translation>%1 が担当分を引き継ぎました</translation>
    </message>
    <message>
        <source>%1 took its last turn</source>
        <translation>%1 の最後のターンが終わりました</translation>
    </message>
    <message>
        <source>The studio gathered what %1 will read</source>
        <translation>スタジオが %1 の読む内容をまとめました</translation>
    </message>
    <message>
        <source>%1 received its instructions and what to work on</source>
        <translation>%1 が指示と作業内容を受け取りました</translation>
    </message>
    <message>
        <source>%1 set up a task for %2</source>
        <translation>%1 が %2 のためのタスクを用意しました</translation>
    </message>
    <message>
        <source>%1 prepared the handoff to %2</source>
        <translation>%1 が %2 への引き継ぎを用意しました</translation>
    </message>
    <message>
        <source>The handed-over work started</source>
        <translation>引き継いだ作業が始まりました</translation>
    </message>
    <message>
        <source>The handed-over work is done</source>
        <translation>引き継いだ作業が終わりました</translation>
    </message>
    <message>
        <source>The handed-over work failed</source>
        <translation>引き継いだ作業が失敗しました</translation>
    </message>
    <message>
        <source>The handed-over work was cancelled</source>
        <translation>引き継いだ作業がキャンセルされました</translation>
    </message>
    <message>
        <source>%1 asked the model “%2” (call %3)</source>
        <translation>%1 がモデル「%2」に問い合わせました（呼び出し %3）</translation>
    </message>
    <message>
        <source>The model answered %1 with text</source>
        <translation>モデルが %1 にテキストで答えました</translation>
    </message>
    <message>
        <source>The model answered %1 by calling %2</source>
        <translation>モデルが %1 に %2 の呼び出しで答えました</translation>
    </message>
    <message>
        <source>The model call for %1 failed: %2</source>
        <translation>%1 のモデル呼び出しが失敗しました：%2</translation>
    </message>
    <message>
        <source>The studio asks the model again (attempt %1): %2</source>
        <translation>スタジオがモデルにもう一度問い合わせます（%1 回目）：%2</translation>
    </message>
    <message>
        <source>A note on %1&apos;s model: %2</source>
        <translation>%1 のモデルについての注意：%2</translation>
    </message>
    <message>
        <source>The model answered in text, without a tool</source>
        <translation>モデルはツールを使わずテキストで答えました</translation>
    </message>
    <message>
        <source>%1&apos;s text answer went to the chat</source>
        <translation>%1 のテキストの回答をチャットにコミットしました</translation>
    </message>
    <message>
        <source>%1&apos;s text was kept as a note, not as the answer</source>
        <translation>%1 のテキストは回答ではなくメモとして残しました</translation>
    </message>
    <message>
        <source>The next stage (%1) could not start</source>
        <translation>次のステージ（%1）を開始できませんでした</translation>
    </message>
    <message>
        <source>%1&apos;s tool calls were refused several turns in a row</source>
        <translation>%1 のツール呼び出しが何ターンも続けて拒否されました</translation>
    </message>
    <message>
        <source>What %1 wrote before the stop went to the chat</source>
        <translation>%1 が停止前に書いた内容をチャットにコミットしました</translation>
    </message>
    <message>
        <source>%1 reached its limit (%2)</source>
        <translation>%1 が上限に達しました（%2）</translation>
    </message>
    <message>
        <source>%1 used the tool %2</source>
        <translation>%1 がツール %2 を使いました</translation>
    </message>
    <message>
        <source>The tool %1 finished</source>
        <translation>ツール %1 が完了しました</translation>
    </message>
    <message>
        <source>The tool %1 returned an error: %2</source>
        <translation>ツール %1 がエラーを返しました：%2</translation>
    </message>
    <message>
        <source>The tool %1 was not run: %2</source>
        <translation>ツール %1 は実行されませんでした：%2</translation>
    </message>
    <message>
        <source>%1 waits for your approval: %2</source>
        <translation>%1 があなたの承認を待っています：%2</translation>
    </message>
    <message>
        <source>You approved %1</source>
        <translation>%1 を承認しました</translation>
    </message>
    <message>
        <source>You approved %1 with your own edits</source>
        <translation>%1 をあなたの編集を加えて承認しました</translation>
    </message>
    <message>
        <source>You rejected %1</source>
        <translation>%1 を却下しました</translation>
    </message>
    <message>
        <source>The approval asked for %1 was withdrawn</source>
        <translation>%1 の承認の依頼は取り下げられました</translation>
    </message>
    <message>
        <source>%1 wrote %2 (version %3)</source>
        <translation>%1 が %2 を書きました（バージョン %3）</translation>
    </message>
    <message>
        <source>%1 was restored from version %2</source>
        <translation>%1 をバージョン %2 から復元しました</translation>
    </message>
    <message>
        <source>The studio kept a checkpoint of %1 files</source>
        <translation>スタジオが %1 個のファイルのチェックポイントを保存しました</translation>
    </message>
    <message>
        <source>A link was skipped: %1</source>
        <translation>リンクをスキップしました：%1</translation>
    </message>
    <message>
        <source>%1 asked to publish %2 to the chat</source>
        <translation>%1 が %2 をチャットにコミットするよう求めました</translation>
    </message>
    <message>
        <source>%1 published %2 to the chat (version %3)</source>
        <translation>%1 が %2 をチャットにコミットしました（バージョン %3）</translation>
    </message>
    <message>
        <source>%1 wrote the library entry %2</source>
        <translation>%1 がライブラリの項目 %2 を書きました</translation>
    </message>
    <message>
        <source>%1 reads story library entries (%2)</source>
        <translation>%1 がストーリーライブラリの項目を読みます（%2）</translation>
    </message>
    <message>
        <source>%1 reads canon facts (%2)</source>
        <translation>%1 が正典の事実を読みます（%2）</translation>
    </message>
    <message>
        <source>%1 proposed a canon fact: “%2”</source>
        <translation>%1 が正典の事実を提案しました：「%2」</translation>
    </message>
    <message>
        <source>The studio gathered what %1 knows of the scene</source>
        <translation>スタジオが %1 の知っている場面の内容をまとめました</translation>
    </message>
    <message>
        <source>%1 told %2: “%3”</source>
        <translation>%1 が %2 に伝えました：「%3」</translation>
    </message>
    <message>
        <source>%1 speaks next</source>
        <translation>次は %1 が話します</translation>
    </message>
    <message>
        <source>%1 may use these Skills: %2</source>
        <translation>%1 が使えるスキル：%2</translation>
    </message>
    <message>
        <source>%1 has no Skills to use</source>
        <translation>%1 が使えるスキルはありません</translation>
    </message>
    <message>
        <source>%1 asked to hand the work to %2</source>
        <translation>%1 が %2 への引き継ぎを求めました</translation>
    </message>
    <message>
        <source>%1 handed the work to %2: “%3”</source>
        <translation>%1 が %2 に作業を引き継ぎました：「%3」</translation>
    </message>
    <message>
        <source>%1 handed the work to %2</source>
        <translation>%1 が %2 に作業を引き継ぎました</translation>
    </message>
    <message>
        <source>%1 takes over: %2</source>
        <translation>%1 が引き継ぎます：%2</translation>
    </message>
    <message>
        <source>A step of the handoff to %1 failed</source>
        <translation>%1 への引き継ぎの手順が失敗しました</translation>
    </message>
    <message>
        <source>%1 asked %2 to help: “%3”</source>
        <translation>%1 が %2 に手伝いを頼みました：「%3」</translation>
    </message>
    <message>
        <source>%1 waits for its helpers</source>
        <translation>%1 がヘルパーを待っています</translation>
    </message>
    <message>
        <source>%1 stopped waiting for its helpers</source>
        <translation>%1 がヘルパーを待つのをやめました</translation>
    </message>
    <message>
        <source>A helper reported back</source>
        <translation>ヘルパーが報告しました</translation>
    </message>
    <message>
        <source>%1 received its helpers&apos; results</source>
        <translation>%1 がヘルパーの結果を受け取りました</translation>
    </message>
    <message>
        <source>%1 asked for a review: “%2”</source>
        <translation>%1 がレビューを依頼しました：「%2」</translation>
    </message>
    <message>
        <source>%1&apos;s review could not be read; it was asked again</source>
        <translation>%1 のレビューを読み取れなかったため、もう一度依頼しました</translation>
    </message>
    <message>
        <source>The review is done: %1</source>
        <translation>レビューが終わりました：%1</translation>
    </message>
    <message>
        <source>You sent guidance: “%1”</source>
        <translation>指示を送りました：「%1」</translation>
    </message>
    <message>
        <source>%1 received your guidance</source>
        <translation>%1 があなたの指示を受け取りました</translation>
    </message>
    <message>
        <source>The handoff document is ready</source>
        <translation>引き継ぎドキュメントができました</translation>
    </message>
    <message>
        <source>The handoff document was cancelled</source>
        <translation>引き継ぎドキュメントはキャンセルされました</translation>
    </message>
    <message>
        <source>The handoff document could not be written</source>
        <translation>引き継ぎドキュメントを書けませんでした</translation>
    </message>
    <message>
        <source>The handoff document came back empty</source>
        <translation>引き継ぎドキュメントが空でした</translation>
    </message>
    <message>
        <source>The studio</source>
        <translation>スタジオ</translation>
    </message>
    <message>
        <source>An event this version does not know (%1)</source>
        <translation>このバージョンが知らないイベント（%1）</translation>
    </message>
</context>
<context>
    <name>EventSummary</name>
    <message>
        <source>(first stage)</source>
        <translation>（最初のステージ）</translation>
    </message>
    <message>
        <source>(next stage)</source>
        <translation>（次のステージ）</translation>
    </message>
    <message>
        <source>(helper)</source>
        <translation>（ヘルパー）</translation>
    </message>
    <message>
        <source>text</source>
        <translation>テキスト</translation>
    </message>
    <message>
        <source>model call %1</source>
        <translation>モデル呼び出し %1</translation>
    </message>
    <message>
        <source>%1+%2 tokens, %3 ms → %4</source>
        <translation>%1+%2 トークン、%3 ms → %4</translation>
    </message>
    <message>
        <source>~%1+~%2 tokens (estimated), %3 ms → %4</source>
        <translation>~%1+~%2 トークン（推定）、%3 ms → %4</translation>
    </message>
    <message>
        <source>call %1 to %2 (%3 messages)</source>
        <translation>%2 への呼び出し %1（メッセージ %3 件）</translation>
    </message>
    <message>
        <source>%1 (version %2, %3 bytes)</source>
        <translation>%1（バージョン %2、%3 バイト）</translation>
    </message>
    <message>
        <source>%1 waits for approval</source>
        <translation>%1 は承認待ちです</translation>
    </message>
    <message>
        <source>%1 → chat (version %2)</source>
        <translation>%1 → チャット（バージョン %2）</translation>
    </message>
    <message>
        <source>“%1”: %2</source>
        <translation>「%1」：%2</translation>
    </message>
    <message>
        <source>passed</source>
        <translation>合格</translation>
    </message>
    <message>
        <source>warning · %1 issues</source>
        <translation>警告 · 問題 %1 件</translation>
    </message>
    <message>
        <source>warning · 1 issue</source>
        <translation>警告 · 問題 1 件</translation>
    </message>
    <message>
        <source>conflict · %1 issues</source>
        <translation>矛盾 · 問題 %1 件</translation>
    </message>
    <message>
        <source>conflict · 1 issue</source>
        <translation>矛盾 · 問題 1 件</translation>
    </message>
    <message>
        <source>failed (%1)</source>
        <translation>失敗（%1）</translation>
    </message>
    <message>
        <source>handed on by the studio: %1 answered in text</source>
        <translation>スタジオが引き継ぎ：%1 がテキストで答えました</translation>
    </message>
    <message>
        <source>handed on by the studio: %1 committed, then answered in text</source>
        <translation>スタジオが引き継ぎ：%1 が公開したあとテキストで答えました</translation>
    </message>
    <message>
        <source>handed on by the studio: %1 wrote its draft, then answered in text</source>
        <translation>スタジオが引き継ぎ：%1 が下書きを書いたあとテキストで答えました</translation>
    </message>
    <message>
        <source>handed on by the studio: %1 did not hand the work on itself</source>
        <translation>スタジオが引き継ぎ：%1 が自分で仕事を引き継ぎませんでした</translation>
    </message>
    <message>
        <source>handed on by the studio: %1 used all its rounds</source>
        <translation>スタジオが引き継ぎ：%1 がすべてのラウンドを使い切りました</translation>
    </message>
    <message>
        <source>handed on by the studio: %1&apos;s tool calls were refused or changed nothing, three turns in a row</source>
        <translation>スタジオが引き継ぎ：%1 のツール呼び出しが3ターン続けて拒否されたか、何も変えませんでした</translation>
    </message>
    <message>
        <source>kept as a note, not as the answer: %1</source>
        <translation>回答ではなくメモとして保存：%1</translation>
    </message>
</context>
<context>
    <name>EventsModel</name>
    <message>
        <source>Time</source>
        <translation>時刻</translation>
    </message>
    <message>
        <source>Agent</source>
        <translation>エージェント</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>イベント</translation>
    </message>
    <message>
        <source>Summary</source>
        <translation>概要</translation>
    </message>
</context>
<context>
    <name>ExportDialog</name>
    <message>
        <source>Export manuscript</source>
        <extracomment>the manuscript format&apos;s contact block (legal name, address, phone, email), remembered like the author</extracomment>
        <translation>原稿を書き出す</translation>
    </message>
    <message>
        <source>Word document (.docx)</source>
        <extracomment>the project a book is written in names it; else the title the text opens with; else the chat&apos;s name</extracomment>
        <translation>Word 文書 (.docx)</translation>
    </message>
    <message>
        <source>EPUB e-book (.epub)</source>
        <translation>EPUB 電子書籍 (.epub)</translation>
    </message>
    <message>
        <source>Markdown (.md)</source>
        <translation>Markdown (.md)</translation>
    </message>
    <message>
        <source>Plain text (.txt)</source>
        <translation>プレーンテキスト (.txt)</translation>
    </message>
    <message>
        <source>Standard manuscript format (12 pt, double-spaced, running header)</source>
        <translation>標準原稿書式（12 pt、ダブルスペース、柱）</translation>
    </message>
    <message>
        <source>Book (heading styles for navigation and import)</source>
        <translation>書籍（ナビゲーションと取り込み用の見出しスタイル）</translation>
    </message>
    <message>
        <source>The project&apos;s name</source>
        <translation>プロジェクトの名前</translation>
    </message>
    <message>
        <source>The heading the first answer opens with</source>
        <translation>最初の回答の冒頭の見出し</translation>
    </message>
    <message>
        <source>The chat&apos;s name</source>
        <translation>チャットの名前</translation>
    </message>
    <message>
        <source>from the text (e.g. en, de, zh, ja)</source>
        <translation>本文から判定（例: en, de, zh, ja）</translation>
    </message>
    <message>
        <source>&amp;Format:</source>
        <translation>形式(&amp;F):</translation>
    </message>
    <message>
        <source>&amp;Preset:</source>
        <translation>プリセット(&amp;P):</translation>
    </message>
    <message>
        <source>&amp;Title:</source>
        <translation>タイトル(&amp;T):</translation>
    </message>
    <message>
        <source>&amp;Author:</source>
        <translation>著者(&amp;A):</translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation>言語(&amp;L):</translation>
    </message>
    <message>
        <source>Answers to include:</source>
        <translation>含める回答:</translation>
    </message>
    <message>
        <source>Chapters:</source>
        <translation>章:</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>参照(&amp;B)…</translation>
    </message>
    <message>
        <source>Save as:</source>
        <translation>保存先:</translation>
    </message>
    <message>
        <source>&amp;Export</source>
        <translation>書き出す(&amp;E)</translation>
    </message>
    <message>
        <source>Contact on the title page (manuscript format)</source>
        <translation>表紙の連絡先(原稿書式)</translation>
    </message>
    <message>
        <source>as the author, when empty</source>
        <translation>空欄なら著者名</translation>
    </message>
    <message>
        <source>Street, town, postcode, country</source>
        <translation>住所(番地、市区町村、郵便番号、国)</translation>
    </message>
    <message>
        <source>Legal &amp;name:</source>
        <translation>本名(&amp;N):</translation>
    </message>
    <message>
        <source>A&amp;ddress:</source>
        <translation>住所(&amp;D):</translation>
    </message>
    <message>
        <source>P&amp;hone:</source>
        <translation>電話(&amp;H):</translation>
    </message>
    <message>
        <source>E&amp;mail:</source>
        <translation>メール(&amp;M):</translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation>すべてのファイル (*)</translation>
    </message>
    <message numerus="yes">
        <source>%n chapter(s)</source>
        <translation>
            <numerusform>%n 章</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n word(s)</source>
        <translation>
            <numerusform>%n 語</numerusform>
        </translation>
    </message>
    <message>
        <source>language: %1</source>
        <translation>言語: %1</translation>
    </message>
    <message>
        <source>Wrote %1 (%2, %3).</source>
        <translation>%1 に書き出しました(%2、%3)。</translation>
    </message>
    <message>
        <source>This chat has no answers yet: there is nothing to export.</source>
        <translation>このチャットにはまだ回答がありません。書き出すものはありません。</translation>
    </message>
    <message>
        <source>Tick at least one answer to export.</source>
        <translation>書き出す回答を少なくとも 1 つ選んでください。</translation>
    </message>
    <message>
        <source>Say where to save the file.</source>
        <translation>ファイルの保存先を指定してください。</translation>
    </message>
    <message>
        <source>Writing %1…</source>
        <translation>%1 を書き出しています…</translation>
    </message>
    <message>
        <source>Open a chat to export its answers.</source>
        <translation>回答を書き出すチャットを開いてください。</translation>
    </message>
    <message>
        <source>Exported the manuscript to %1.</source>
        <translation>原稿を %1 に書き出しました。</translation>
    </message>
</context>
<context>
    <name>FallbackOffer</name>
    <message>
        <source>Instead:</source>
        <translation>代わりに:</translation>
    </message>
    <message>
        <source>Carry the chat over as it is</source>
        <translation>チャットをそのまま引き継ぐ</translation>
    </message>
    <message>
        <source>The new chat starts from this chat&apos;s messages as they are; you review them first</source>
        <translation>新しいチャットはこのチャットのメッセージをそのまま引き継いで始まります。先に内容を確認できます</translation>
    </message>
    <message>
        <source>Open Settings</source>
        <translation>設定を開く</translation>
    </message>
    <message>
        <source>Add or fix a model connection, then hand off again</source>
        <translation>モデル接続を追加または修正してから、もう一度引き継いでください</translation>
    </message>
</context>
<context>
    <name>FindBar</name>
    <message>
        <source>Find in chat</source>
        <translation>チャット内を検索</translation>
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
        <translation>見積もり</translation>
    </message>
    <message>
        <source>Forecast: first requests %1 tokens; the whole run %2–%3 in, %4–%5 out</source>
        <translation>見積もり: 最初のリクエスト %1 トークン、実行全体で入力 %2–%3、出力 %4–%5</translation>
    </message>
    <message>
        <source>; about %1–%2 %3</source>
        <translation>、約 %1–%2 %3</translation>
    </message>
    <message>
        <source>(counted by the model&apos;s server)</source>
        <translation>（モデルのサーバーが計数）</translation>
    </message>
    <message>
        <source>(approximate: about four characters a token)</source>
        <translation>（概算: 1トークンあたり約4文字）</translation>
    </message>
    <message>
        <source>What this message would take before you send it. Each stage&apos;s first request, then the whole run: at least one call per stage with a short answer, at most six calls per stage, each answer up to 1,000 tokens.</source>
        <translation>送信する前に、このメッセージに必要な量です。各ステージの最初のリクエスト、次に実行全体: ステージごとに短い回答の呼び出しが最低1回、最大6回、各回答は最大1,000トークン。</translation>
    </message>
    <message>
        <source>counted by the model&apos;s server</source>
        <translation>モデルのサーバーが計数</translation>
    </message>
    <message>
        <source>approximate: about four characters a token</source>
        <translation>概算: 1トークンあたり約4文字</translation>
    </message>
    <message>
        <source>%1: %2 tokens, %3</source>
        <translation>%1: %2 トークン、%3</translation>
    </message>
    <message>
        <source>No cost: a connection of this relay has no prices (Settings → Connections).</source>
        <translation>費用なし: このリレーの接続に価格がありません（設定 → 接続）。</translation>
    </message>
</context>
<context>
    <name>ForecastRow</name>
    <message>
        <source>Forecast against actual</source>
        <translation>見積もりと実績</translation>
    </message>
    <message>
        <source>What the forecast under the composer said before Send, against what the run&apos;s model calls used (“~”: some counts are estimated).</source>
        <translation>送信前に入力欄の下に出た見積もりと、この実行のモデル呼び出しの実績（「~」: 一部は推定値）。</translation>
    </message>
    <message>
        <source>Forecast %1–%2 input tokens · used %3</source>
        <translation>見積もり 入力トークン %1–%2 · 実績 %3</translation>
    </message>
    <message>
        <source> · cost %1–%2 %4, used %3 %4</source>
        <translation> · 費用 %1–%2 %4、実績 %3 %4</translation>
    </message>
</context>
<context>
    <name>ForkDialog</name>
    <message>
        <source>Rerun from stage %1</source>
        <extracomment>the brief as a handoff brief (stage 2 on), the creator&apos;s message (stage 1)</extracomment>
        <translation>段階 %1 から再実行</translation>
    </message>
    <message>
        <source>A new run of this chat starts at this stage, with the files as the stage found them. This run stays as it is; what the new one commits becomes a new version of the answer.</source>
        <translation>このチャットの新しい実行がこの段階から始まります。ファイルはこの段階が始まったときの状態です。この実行はそのまま残り、新しい実行がコミットした内容は回答の新しいバージョンになります。</translation>
    </message>
    <message>
        <source>Agent:</source>
        <translation>エージェント：</translation>
    </message>
    <message>
        <source>As each agent&apos;s profile says</source>
        <translation>各エージェントのプロファイルどおり</translation>
    </message>
    <message>
        <source>Model connection:</source>
        <translation>モデル接続：</translation>
    </message>
    <message>
        <source>the connection&apos;s default model</source>
        <translation>接続の既定モデル</translation>
    </message>
    <message>
        <source>Model:</source>
        <translation>モデル：</translation>
    </message>
    <message>
        <source>The creator&apos;s message:</source>
        <translation>作者のメッセージ：</translation>
    </message>
    <message>
        <source>The brief&apos;s objective:</source>
        <translation>指示の目的：</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>キャンセル</translation>
    </message>
    <message>
        <source>Rerun</source>
        <translation>再実行</translation>
    </message>
</context>
<context>
    <name>GeneralSettings</name>
    <message>
        <source>System</source>
        <translation>システム</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>ライト</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>ダーク</translation>
    </message>
    <message>
        <source>Theme</source>
        <translation>テーマ</translation>
    </message>
    <message>
        <source>The window&apos;s language; a change applies the next time Relay Studio starts</source>
        <translation>ウィンドウの言語。変更は次回 Relay Studio を起動したときに反映されます</translation>
    </message>
    <message>
        <source>As the system (%1)</source>
        <translation>システムに合わせる (%1)</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>言語</translation>
    </message>
    <message>
        <source>What {{user}} in SillyTavern character cards and World Info becomes in the agents&apos; prompts and in the chat; the agents&apos; own names take {{char}}</source>
        <translation>SillyTavern のキャラクターカードと World Info の {{user}} が、エージェントのプロンプトとチャットでこの名前になります。{{char}} はエージェント自身の名前になります</translation>
    </message>
    <message>
        <source>Your name in stories</source>
        <translation>物語でのあなたの名前</translation>
    </message>
    <message>
        <source>Data folder</source>
        <translation>データフォルダー</translation>
    </message>
    <message>
        <source>Applies the next time Relay Studio starts.</source>
        <translation>次回 Relay Studio を起動したときに反映されます。</translation>
    </message>
</context>
<context>
    <name>HandedOffCard</name>
    <message>
        <source>the new chat starts from it; no request of this chat includes it</source>
        <translation>新しいチャットはここから始まります。このチャットのリクエストには含まれません</translation>
    </message>
    <message>
        <source>Open chat</source>
        <translation>チャットを開く</translation>
    </message>
    <message>
        <source>Open the chat “%1”</source>
        <translation>チャット「%1」を開く</translation>
    </message>
</context>
<context>
    <name>HandoffCard</name>
    <message>
        <source>Handoff document</source>
        <translation>引き継ぎドキュメント</translation>
    </message>
    <message>
        <source>this chat starts from it; every request of the chat includes it</source>
        <translation>このチャットはここから始まり、すべてのリクエストに含まれます</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>コピー</translation>
    </message>
    <message>
        <source>Copy the handoff document</source>
        <translation>引き継ぎドキュメントをコピー</translation>
    </message>
    <message>
        <source>Hide</source>
        <translation>隠す</translation>
    </message>
    <message>
        <source>Hide the document</source>
        <translation>ドキュメントを隠す</translation>
    </message>
    <message>
        <source>Show</source>
        <translation>表示</translation>
    </message>
    <message>
        <source>Show the document</source>
        <translation>ドキュメントを表示</translation>
    </message>
</context>
<context>
    <name>HandoffDialog</name>
    <message>
        <source>Hand off “%1” to a new chat</source>
        <translation>「%1」を新しいチャットに引き継ぐ</translation>
    </message>
    <message>
        <source>Writing the handoff document… (Esc cancels)</source>
        <translation>引き継ぎドキュメントを作成中…（Esc でキャンセル）</translation>
    </message>
    <message>
        <source>Handoff document</source>
        <translation>引き継ぎ文書</translation>
    </message>
    <message>
        <source>The document appears here as the agent writes it.</source>
        <translation>エージェントが書くにつれて、ここに文書が表示されます。</translation>
    </message>
    <message>
        <source>New chat:</source>
        <translation>新しいチャット:</translation>
    </message>
    <message>
        <source>New chat</source>
        <translation>新しいチャット</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>コピー</translation>
    </message>
    <message>
        <source>Copy the document to the clipboard</source>
        <translation>ドキュメントをクリップボードにコピー</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>キャンセル</translation>
    </message>
    <message>
        <source>Start the new chat</source>
        <translation>新しいチャットを開始</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>Written in %1.</source>
        <translation>%1 で書き上げました。</translation>
    </message>
    <message>
        <source>Review the document: it is what the new chat starts from. Edit it freely.</source>
        <translation>ドキュメントを確認してください。新しいチャットはここから始まります。自由に編集できます。</translation>
    </message>
    <message numerus="yes">
        <source>The chat was too long for the agent&apos;s model, so it wrote this without the oldest %n message(s); add what it could not know.</source>
        <translation>
            <numerusform>チャットがエージェントのモデルには長すぎたため、最も古い %n 件のメッセージを除いて作成しました。分からなかった内容を補ってください。</numerusform>
        </translation>
    </message>
    <message>
        <source>The document lacks these sections: %1. Add them, or start the new chat as it is.</source>
        <translation>ドキュメントに次のセクションがありません: %1。追加するか、このまま新しいチャットを開始してください。</translation>
    </message>
    <message>
        <source>After %1.</source>
        <translation>%1 後。</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>閉じる</translation>
    </message>
    <message>
        <source>The document is empty; write something the new chat can start from.</source>
        <translation>ドキュメントが空です。新しいチャットの出発点になる内容を書いてください。</translation>
    </message>
    <message>
        <source>Copied the document to the clipboard.</source>
        <translation>ドキュメントをクリップボードにコピーしました。</translation>
    </message>
    <message>
        <source>Stopping…</source>
        <translation>停止中…</translation>
    </message>
</context>
<context>
    <name>HandoffFallback</name>
    <message>
        <source>There is no model connection yet to write it.</source>
        <translation>書くためのモデル接続がまだありません。</translation>
    </message>
    <message>
        <source>The model server did not answer; is it running?</source>
        <translation>モデルサーバーが応答しませんでした。起動していますか?</translation>
    </message>
    <message>
        <source>The model server stopped answering.</source>
        <translation>モデルサーバーの応答が途絶えました。</translation>
    </message>
    <message>
        <source>The model server refused the connection&apos;s key.</source>
        <translation>モデルサーバーが接続のキーを拒否しました。</translation>
    </message>
    <message>
        <source>The connection has no model chosen.</source>
        <translation>接続にモデルが選ばれていません。</translation>
    </message>
    <message>
        <source>Handoff cancelled. Nothing was changed.</source>
        <translation>引き継ぎを取り消しました。何も変更されていません。</translation>
    </message>
    <message>
        <source>The agent answered without any text.</source>
        <translation>エージェントはテキストなしで応答しました。</translation>
    </message>
    <message>
        <source>The agent could not write it (%1).</source>
        <translation>エージェントは書けませんでした(%1)。</translation>
    </message>
    <message>
        <source>The handoff document was not written: %1 Nothing was changed.</source>
        <translation>引き継ぎドキュメントは書かれませんでした: %1何も変更されていません。</translation>
    </message>
</context>
<context>
    <name>HandoffFlow</name>
    <message>
        <source>Not sent: you opened another chat meanwhile; the message waits in its chat.</source>
        <translation>送信していません：その間に別のチャットを開いたため、メッセージは元のチャットで待機しています。</translation>
    </message>
    <message>
        <source>Continued in “%1”, seeded with the handoff document.</source>
        <translation>引き継ぎドキュメントをもとに「%1」で続けます。</translation>
    </message>
</context>
<context>
    <name>HandoffFocus</name>
    <message>
        <source>Hand off to a new chat</source>
        <translation>新しいチャットに引き継ぐ</translation>
    </message>
    <message>
        <source>What should the new chat focus on? Leave it empty to carry the whole chat over.</source>
        <translation>新しいチャットでは何に焦点を当てますか？空欄のままにすると、チャット全体を引き継ぎます。</translation>
    </message>
    <message>
        <source>Write the handoff</source>
        <translation>引き継ぎを書く</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>キャンセル</translation>
    </message>
</context>
<context>
    <name>HandoffOffer</name>
    <message>
        <source>Hand off to a new chat</source>
        <translation>新しいチャットに引き継ぐ</translation>
    </message>
    <message>
        <source>The agent writes a handoff document from this chat; you review it, and a new chat starts from it</source>
        <translation>エージェントがこのチャットから引き継ぎドキュメントを作成し、あなたが確認すると、そこから新しいチャットが始まります</translation>
    </message>
    <message>
        <source>Dismiss</source>
        <translation>閉じる</translation>
    </message>
</context>
<context>
    <name>HeaderRow</name>
    <message>
        <source>Header name, e.g. X-Auth-Token</source>
        <translation>ヘッダー名（例: X-Auth-Token）</translation>
    </message>
    <message>
        <source>Plain</source>
        <translation>平文</translation>
    </message>
    <message>
        <source>Not a secret: keep the value as it is, in the app&apos;s settings</source>
        <translation>秘密ではない：値をそのままアプリの設定に保存します</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>削除</translation>
    </message>
    <message>
        <source>Drop this header</source>
        <translation>このヘッダーを削除</translation>
    </message>
    <message>
        <source>kept (type to replace)</source>
        <translation>保存済み（入力すると置き換え）</translation>
    </message>
    <message>
        <source>value</source>
        <translation>値</translation>
    </message>
</context>
<context>
    <name>HeadersTable</name>
    <message>
        <source>Add header</source>
        <translation>ヘッダーを追加</translation>
    </message>
    <message>
        <source>An extra HTTP header the server needs; its value is kept like a key</source>
        <translation>サーバーが必要とする追加の HTTP ヘッダー。値はキーと同様に保管されます</translation>
    </message>
    <message>
        <source>A header needs a name.</source>
        <translation>ヘッダーには名前が必要です。</translation>
    </message>
    <message>
        <source>The header &apos;%1&apos; is there twice.</source>
        <translation>ヘッダー「%1」が重複しています。</translation>
    </message>
    <message>
        <source>The header &apos;%1&apos; needs a value.</source>
        <translation>ヘッダー「%1」には値が必要です。</translation>
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
        <translation>ほかのエージェントやファイルからの呼び名：小文字・数字・- と _。</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名前</translation>
    </message>
    <message>
        <source>The name shown in the chat and the library.</source>
        <translation>チャットとライブラリに表示される名前。</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>説明</translation>
    </message>
    <message>
        <source>Can start a run from the chat</source>
        <translation>チャットから実行を開始できる</translation>
    </message>
</context>
<context>
    <name>ImportFlow</name>
    <message>
        <source>An entry differs</source>
        <translation>項目が異なります</translation>
    </message>
    <message>
        <source>%1 has “%2”, which differs from “%3” in the story library.</source>
        <translation>%1 の「%2」は、ストーリーライブラリの「%3」と異なります。</translation>
    </message>
    <message>
        <source>Replace</source>
        <translation>置き換える</translation>
    </message>
    <message>
        <source>Keep both</source>
        <translation>両方残す</translation>
    </message>
    <message>
        <source>Skip</source>
        <translation>スキップ</translation>
    </message>
    <message>
        <source>Do the same for the other differing entries of this import</source>
        <translation>このインポートのほかの異なる項目にも同じようにする</translation>
    </message>
    <message>
        <source>%1: imported %2.</source>
        <translation>%1：%2 をインポートしました。</translation>
    </message>
    <message>
        <source>%1: nothing new to import.</source>
        <translation>%1：新しくインポートするものはありません。</translation>
    </message>
    <message>
        <source>Already in the library, unchanged: %1.</source>
        <translation>すでにライブラリにあり、変更なし：%1。</translation>
    </message>
    <message>
        <source>Replaced: %1.</source>
        <translation>置き換えました：%1。</translation>
    </message>
    <message>
        <source>Kept both; the imported copies are %1.</source>
        <translation>両方残しました。インポートしたコピーは %1 です。</translation>
    </message>
    <message>
        <source>Skipped (they differ from the entries there): %1.</source>
        <translation>スキップしました（既存の項目と異なります）：%1。</translation>
    </message>
    <message>
        <source>Removed %1 hidden characters from “%2” (the imported file keeps them).</source>
        <translation>「%2」から隠し文字を %1 個取り除きました（インポートしたファイルには残っています）。</translation>
    </message>
    <message>
        <source>Import character cards</source>
        <translation>キャラクターカードをインポート</translation>
    </message>
    <message>
        <source>Also create an agent that plays the character? (%1)</source>
        <translation>このキャラクターを演じるエージェントも作成しますか？（%1）</translation>
    </message>
    <message>
        <source>The agent answers in the chat as the character and can look things up in the story library.</source>
        <translation>エージェントはチャットでそのキャラクターとして答え、ストーリーライブラリを調べることができます。</translation>
    </message>
    <message>
        <source>No agent was made for “%1”.</source>
        <translation>「%1」のエージェントは作成されませんでした。</translation>
    </message>
    <message>
        <source>Made the agent “%1”: it is in the agent list.</source>
        <translation>エージェント「%1」を作成しました。エージェントの一覧にあります。</translation>
    </message>
    <message>
        <source>⚠ The card&apos;s picture was not kept (the agent shows initials): %1</source>
        <translation>⚠ カードの画像は保存されませんでした（エージェントはイニシャルで表示されます）: %1</translation>
    </message>
</context>
<context>
    <name>KeysView</name>
    <message>
        <source>Untick a key to stop it counting as a mention; it stays with the entry</source>
        <translation>チェックを外すとそのキーは言及として数えられなくなります。キーは項目に残ります</translation>
    </message>
    <message>
        <source>%1 — matches common words</source>
        <translation>%1 — よく使われる語に一致します</translation>
    </message>
    <message>
        <source>⚠ These keys match common words and mark every use of them in every chat: %1. Untick them to turn them off.</source>
        <translation>⚠ これらのキーはよく使われる語に一致し、すべてのチャットでの使用箇所すべてに印が付きます：%1。チェックを外すと無効になります。</translation>
    </message>
    <message>
        <source>Only when the text also has (%1): %2</source>
        <translation>テキストに次も含まれるときのみ（%1）：%2</translation>
    </message>
</context>
<context>
    <name>KnowledgeView</name>
    <message>
        <source>Import…</source>
        <translation>インポート…</translation>
    </message>
    <message>
        <source>Add Markdown, text, PDF, EPUB or HTML files to this project&apos;s knowledge</source>
        <translation>Markdown・テキスト・PDF・EPUB・HTML ファイルをこのプロジェクトのナレッジに追加</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>削除</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>キャンセル</translation>
    </message>
    <message>
        <source>No documents yet. Import… rulebooks, research or notes (Markdown, text, PDF, EPUB, HTML): agents allowed to search knowledge quote passages from them and cite where each one stands, and you can search them here.</source>
        <translation>まだ資料がありません。ルールブック、調査資料、メモ(Markdown、テキスト、PDF、EPUB、HTML)をインポートしてください。ナレッジを検索できるエージェントがその一節を引用して出典を示し、ここでも検索できます。</translation>
    </message>
    <message>
        <source>Documents</source>
        <translation>文書</translation>
    </message>
    <message>
        <source>Document</source>
        <translation>ドキュメント</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>種類</translation>
    </message>
    <message>
        <source>Pages</source>
        <translation>ページ</translation>
    </message>
    <message>
        <source>Passages</source>
        <translation>段落</translation>
    </message>
    <message>
        <source>Search the documents…</source>
        <translation>ドキュメントを検索…</translation>
    </message>
    <message>
        <source>Search the documents</source>
        <translation>文書を検索</translation>
    </message>
    <message>
        <source>%1 (from %2)</source>
        <translation>%1（%2 から）</translation>
    </message>
    <message>
        <source>Import into the knowledge library</source>
        <translation>ナレッジライブラリにインポート</translation>
    </message>
    <message>
        <source>Documents (*.md *.markdown *.txt *.pdf *.epub *.html *.htm);;All files (*)</source>
        <translation>ドキュメント (*.md *.markdown *.txt *.pdf *.epub *.html *.htm);;すべてのファイル (*)</translation>
    </message>
    <message>
        <source>Reading %1…</source>
        <translation>%1 を読み込み中…</translation>
    </message>
    <message>
        <source>Stopping after this page…</source>
        <translation>このページの後で停止します…</translation>
    </message>
    <message>
        <source>, page %1 of %2</source>
        <translation>、%2 ページ中 %1 ページ目</translation>
    </message>
    <message>
        <source>File %1 of %2: %3</source>
        <translation>ファイル %1/%2: %3</translation>
    </message>
    <message>
        <source>⚠ The import stopped: %1</source>
        <translation>⚠ インポートが中断されました: %1</translation>
    </message>
    <message>
        <source>Imported %1.</source>
        <translation>%1 をインポートしました。</translation>
    </message>
    <message>
        <source>“%1”: %2 pieces of hidden text (white, tiny, off the page or invisible characters) were left out of what the agents read; the file keeps them.</source>
        <translation>「%1」：隠れたテキスト %2 件（白、極小、ページ外、または不可視の文字）は、エージェントが読む内容から除外しました。ファイルには残っています。</translation>
    </message>
    <message>
        <source>Cancelled: the document being read was not kept.</source>
        <translation>キャンセルしました：読み込み中のドキュメントは保存されていません。</translation>
    </message>
    <message>
        <source>Nothing was imported.</source>
        <translation>何もインポートされませんでした。</translation>
    </message>
    <message>
        <source>Removed “%1”.</source>
        <translation>「%1」を削除しました。</translation>
    </message>
    <message>
        <source>&lt;p&gt;No passage contains these words. Try other words.&lt;/p&gt;</source>
        <translation>&lt;p&gt;これらの語を含む段落はありません。別の語で試してください。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>That document is no longer in this project&apos;s knowledge library.</source>
        <translation>そのドキュメントはもうこのプロジェクトのナレッジライブラリにありません。</translation>
    </message>
    <message>
        <source>page %1</source>
        <translation>%1 ページ</translation>
    </message>
    <message>
        <source>section “%1”</source>
        <translation>セクション「%1」</translation>
    </message>
    <message>
        <source>characters %1–%2</source>
        <translation>%1–%2 文字目</translation>
    </message>
</context>
<context>
    <name>LanesView</name>
    <message>
        <source>Handoff to %1: %2</source>
        <translation>%1 への引き継ぎ: %2</translation>
    </message>
    <message>
        <source>running</source>
        <translation>実行中</translation>
    </message>
    <message>
        <source>ok</source>
        <translation>完了</translation>
    </message>
    <message>
        <source>error</source>
        <translation>エラー</translation>
    </message>
    <message>
        <source>waiting</source>
        <translation>待機中</translation>
    </message>
    <message>
        <source>denied</source>
        <translation>却下</translation>
    </message>
    <message>
        <source>ignored</source>
        <translation>無視</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>キャンセル</translation>
    </message>
    <message>
        <source>Select a run to see its timeline.</source>
        <translation>実行を選ぶとタイムラインが表示されます。</translation>
    </message>
    <message>
        <source>Handoffs</source>
        <translation>引き継ぎ</translation>
    </message>
    <message>
        <source>handed on by the studio</source>
        <translation>スタジオが引き継ぎ</translation>
    </message>
    <message>
        <source>Foreground</source>
        <translation>フォアグラウンド</translation>
    </message>
</context>
<context>
    <name>LibraryPanel</name>
    <message>
        <source>Story library</source>
        <translation>ストーリーライブラリ</translation>
    </message>
    <message>
        <source>Knowledge</source>
        <translation>ナレッジ</translation>
    </message>
    <message>
        <source>Skills</source>
        <translation>スキル</translation>
    </message>
    <message>
        <source>Canon</source>
        <translation>正典</translation>
    </message>
    <message>
        <source>⚠ The project&apos;s files could not be read: %1</source>
        <translation>⚠ プロジェクトのファイルを読み込めませんでした: %1</translation>
    </message>
    <message numerus="yes">
        <source>Skills ⚠ %n</source>
        <translation>
            <numerusform>スキル ⚠ %n</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n Skill file(s) could not be read; the Skills tab says why.</source>
        <translation>
            <numerusform>%n 件のスキルファイルを読み込めませんでした。理由は「スキル」タブに表示されます。</numerusform>
        </translation>
    </message>
    <message>
        <source>Project “%1”</source>
        <translation>プロジェクト「%1」</translation>
    </message>
</context>
<context>
    <name>LimitsSection</name>
    <message>
        <source>Model rounds per stage</source>
        <translation>ステージあたりのモデル呼び出し回数</translation>
    </message>
    <message>
        <source>Tool calls per stage</source>
        <translation>ステージあたりのツール呼び出し数</translation>
    </message>
    <message>
        <source>Chat history messages (-1: all)</source>
        <translation>チャット履歴のメッセージ数（-1: すべて）</translation>
    </message>
</context>
<context>
    <name>LineageCard</name>
    <message>
        <source>Open the chat “%1”</source>
        <translation>チャット「%1」を開く</translation>
    </message>
</context>
<context>
    <name>LiveRunCard</name>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Stop this run (Esc)</source>
        <translation>この実行を停止 (Esc)</translation>
    </message>
    <message>
        <source>Review changes</source>
        <translation>変更を確認</translation>
    </message>
    <message>
        <source>The agent is thinking…</source>
        <translation>エージェントが考えています…</translation>
    </message>
    <message>
        <source>is working</source>
        <translation>作業中</translation>
    </message>
    <message>
        <source>is waiting for your approval</source>
        <translation>承認待ち</translation>
    </message>
    <message>
        <source>is stopping…</source>
        <translation>停止中…</translation>
    </message>
</context>
<context>
    <name>LocalServerFinder</name>
    <message>
        <source>Find local servers</source>
        <extracomment>the usual servers and the host they are looked for on (tests probe their own loopback server)</extracomment>
        <translation>ローカルサーバーを探す</translation>
    </message>
    <message>
        <source>Look for Ollama, LM Studio, llama.cpp, KoboldCpp, Jan or vLLM on this computer</source>
        <translation>このコンピューター上の Ollama、LM Studio、llama.cpp、KoboldCpp、Jan、vLLM を探します</translation>
    </message>
    <message>
        <source>also look on ports, e.g. 9000 8081</source>
        <translation>追加で調べるポート（例: 9000 8081）</translation>
    </message>
    <message>
        <source>Besides the usual ports (%1)</source>
        <translation>通常のポート (%1) に加えて</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a list of port numbers (1-65535), e.g. 9000 8081.</source>
        <translation>「%1」はポート番号 (1-65535) の一覧ではありません。例: 9000 8081</translation>
    </message>
    <message>
        <source>Looking for model servers on this computer…</source>
        <translation>このコンピューター上のモデルサーバーを探しています…</translation>
    </message>
    <message>
        <source>Tried ports %1.</source>
        <translation>試したポート: %1。</translation>
    </message>
    <message>
        <source>No model server answered on this computer.</source>
        <translation>このコンピューター上で応答したモデルサーバーはありません。</translation>
    </message>
    <message>
        <source>; also %1</source>
        <translation>。ほかに %1</translation>
    </message>
    <message>
        <source>%1 at %2</source>
        <translation>%2 の %1</translation>
    </message>
    <message numerus="yes">
        <source>Found %1 at %2 with %n model(s); the form below is filled in for it — Add connection to keep it%3.</source>
        <translation>
            <numerusform>%2 で %1（モデル %n 個）が見つかりました。下のフォームに入力済みです。「接続を追加」で保存します%3。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>MadeNames</name>
    <message>
        <source>Welcome</source>
        <extracomment>the names the studio gives what it makes itself: stored in English (code finds the Welcome chat by its name), shown in the window&apos;s language until the creator renames them</extracomment>
        <translation>ようこそ</translation>
    </message>
    <message>
        <source>Default</source>
        <translation>デフォルト</translation>
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
        <translation>チャット</translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation>タイムライン</translation>
    </message>
    <message>
        <source>Library</source>
        <translation>ライブラリ</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>ファイル(&amp;F)</translation>
    </message>
    <message numerus="yes">
        <source>%n change(s) wait for your approval. Quit now? The run waits for you: Relay Studio asks you again when it next starts.</source>
        <translation>
            <numerusform>%n 件の変更が承認を待っています。今すぐ終了しますか? 実行はそのまま待機し、次回の起動時にもう一度確認します。</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;New chat</source>
        <translation>新しいチャット(&amp;N)</translation>
    </message>
    <message>
        <source>Hand off to a new chat…</source>
        <translation>新しいチャットに引き継ぐ…</translation>
    </message>
    <message>
        <source>The agent writes a handoff document from this chat; a new chat starts from it (or type /handoff in the composer)</source>
        <translation>エージェントがこのチャットから引き継ぎドキュメントを作成し、そこから新しいチャットが始まります（入力欄に /handoff と入力しても可）</translation>
    </message>
    <message>
        <source>&amp;Import profile…</source>
        <translation>プロファイルをインポート(&amp;I)…</translation>
    </message>
    <message>
        <source>&amp;Export…</source>
        <translation>書き出す(&amp;E)…</translation>
    </message>
    <message>
        <source>Write this chat&apos;s answers as a manuscript: Word, EPUB, Markdown or plain text</source>
        <translation>このチャットの回答を原稿として書き出します: Word、EPUB、Markdown、プレーンテキスト</translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation>設定(&amp;S)…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>終了(&amp;Q)</translation>
    </message>
    <message>
        <source>New s&amp;cene…</source>
        <translation>新しいシーン(&amp;C)…</translation>
    </message>
    <message>
        <source>A chat in which characters speak in turn, each knowing only what it witnessed</source>
        <translation>キャラクターが順に話し、それぞれが見聞きしたことだけを知るチャット</translation>
    </message>
    <message>
        <source>New &amp;project…</source>
        <translation>新しいプロジェクト(&amp;P)…</translation>
    </message>
    <message>
        <source>Rena&amp;me project…</source>
        <translation>プロジェクト名を変更(&amp;M)…</translation>
    </message>
    <message>
        <source>New &amp;agent…</source>
        <translation>新しいエージェント(&amp;A)…</translation>
    </message>
    <message>
        <source>&amp;User guide</source>
        <translation>ユーザーガイド(&amp;U)</translation>
    </message>
    <message>
        <source>The guide shipped with Relay Studio, to read offline</source>
        <translation>Relay Studio に同梱のガイド(オフラインで読めます)</translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts</source>
        <translation>キーボードショートカット(&amp;K)</translation>
    </message>
    <message>
        <source>&amp;Timeline</source>
        <translation>タイムライン(&amp;T)</translation>
    </message>
    <message>
        <source>Check &amp;continuity…</source>
        <translation>連続性をチェック(&amp;C)…</translation>
    </message>
    <message>
        <source>Find where this chat contradicts the project&apos;s canon, with both passages</source>
        <translation>このチャットがプロジェクトの正典と矛盾する箇所を、両方の文とともに見つけます</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>編集(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Find in chat</source>
        <translation>チャット内を検索(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>実行(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Send</source>
        <translation>送信(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Enter sends (Shift+Enter adds a line)</source>
        <translation>Enter で送信(&amp;E)（Shift+Enter で改行）</translation>
    </message>
    <message>
        <source>Plain Enter sends the message; otherwise it adds a line and Ctrl+Enter sends</source>
        <translation>Enter だけでメッセージを送信します。オフのときは改行し、Ctrl+Enter で送信します</translation>
    </message>
    <message>
        <source>S&amp;top</source>
        <translation>停止(&amp;T)</translation>
    </message>
    <message>
        <source>Run the &amp;demo relay</source>
        <translation>デモのリレーを実行(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;Chat</source>
        <translation>チャット(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>表示(&amp;V)</translation>
    </message>
    <message>
        <source>Timeline fills the window</source>
        <translation>タイムラインをウィンドウ全体に表示</translation>
    </message>
    <message>
        <source>&amp;Library</source>
        <translation>ライブラリ(&amp;L)</translation>
    </message>
    <message>
        <source>The project&apos;s story library, knowledge and Skills</source>
        <translation>プロジェクトのストーリーライブラリ・ナレッジ・スキル</translation>
    </message>
    <message>
        <source>&amp;Reset layout</source>
        <translation>レイアウトをリセット(&amp;R)</translation>
    </message>
    <message>
        <source>The library on the left, the chat, the timeline on the right</source>
        <translation>左にライブラリ、中央にチャット、右にタイムライン</translation>
    </message>
    <message>
        <source>Theme</source>
        <translation>テーマ</translation>
    </message>
    <message>
        <source>System</source>
        <translation>システム</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>ライト</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>ダーク</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>ヘルプ(&amp;H)</translation>
    </message>
    <message>
        <source>About Relay Studio</source>
        <translation>Relay Studio について</translation>
    </message>
    <message>
        <source>Model connections are not available in this build; the demo relay runs offline.</source>
        <translation>このビルドではモデル接続を使えません。デモのリレーはオフラインで動きます。</translation>
    </message>
    <message>
        <source>The model connections could not be read; the demo relay still runs offline.</source>
        <translation>モデル接続を読み込めませんでした。デモのリレーはオフラインで動きます。</translation>
    </message>
    <message>
        <source>No model connection yet. Add one in Settings → Connections (Ctrl+,), for example a model server on this computer; meanwhile, the demo relay runs offline.</source>
        <translation>モデル接続がまだありません。設定 → 接続 (Ctrl+,) で追加してください（このコンピューター上のモデルサーバーなど）。それまではデモのリレーがオフラインで動きます。</translation>
    </message>
    <message>
        <source>Relay Studio — write with several AI agents that pass the work along.</source>
        <translation>Relay Studio — 作業を受け渡す複数の AI エージェントと一緒に書くためのアプリです。</translation>
    </message>
    <message>
        <source>A run is still going. Quit anyway? It will be stopped.</source>
        <translation>まだ実行中です。それでも終了しますか？ 実行は停止されます。</translation>
    </message>
    <message>
        <source>Quit Relay Studio</source>
        <translation>Relay Studio を終了</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <extracomment>(name, standard key, what it does to the field, when it can)</extracomment>
        <translation>元に戻す(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>やり直す(&amp;R)</translation>
    </message>
    <message>
        <source>Cu&amp;t</source>
        <translation>切り取り(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation>コピー(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Paste</source>
        <translation>貼り付け(&amp;P)</translation>
    </message>
    <message>
        <source>Select &amp;All</source>
        <translation>すべて選択(&amp;A)</translation>
    </message>
</context>
<context>
    <name>MentionTooltip</name>
    <message>
        <source>also called %1</source>
        <translation>別名: %1</translation>
    </message>
    <message>
        <source>No description yet.</source>
        <translation>説明はまだありません。</translation>
    </message>
</context>
<context>
    <name>MessageCard</name>
    <message>
        <source>Earlier version</source>
        <translation>前のバージョン</translation>
    </message>
    <message>
        <source>Later version</source>
        <translation>次のバージョン</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>コピー</translation>
    </message>
    <message>
        <source>Copy this message</source>
        <translation>このメッセージをコピー</translation>
    </message>
    <message>
        <source>Regenerate</source>
        <translation>再生成</translation>
    </message>
    <message>
        <source>Answer the same request again; this answer stays as an earlier version</source>
        <translation>同じリクエストにもう一度答えます。この回答は前のバージョンとして残ります</translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation>タイムライン</translation>
    </message>
    <message>
        <source>Show this run on the timeline</source>
        <translation>この実行をタイムラインで表示</translation>
    </message>
    <message>
        <source>Edit</source>
        <translation>編集</translation>
    </message>
    <message>
        <source>Edit this message and send it again as a new message</source>
        <translation>このメッセージを編集して新しいメッセージとして再送信</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>削除</translation>
    </message>
    <message>
        <source>Remove this message from the chat (what agents committed stays in the run&apos;s history)</source>
        <translation>このメッセージをチャットから削除（エージェントのコミットは実行の履歴に残ります）</translation>
    </message>
    <message>
        <source>Sources the agents looked up</source>
        <translation>エージェントが参照した出典</translation>
    </message>
    <message>
        <source>Open the document at this place</source>
        <translation>この箇所でドキュメントを開く</translation>
    </message>
    <message>
        <source>Add to canon…</source>
        <translation>正典に追加…</translation>
    </message>
    <message>
        <source>version %1 of %2</source>
        <translation>バージョン %1/%2</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>停止済み</translation>
    </message>
    <message>
        <source>answered in plain text</source>
        <translation>プレーンテキストで回答</translation>
    </message>
    <message>
        <source>finished by %1</source>
        <translation>%1 が完了</translation>
    </message>
    <message>
        <source>You</source>
        <translation>あなた</translation>
    </message>
    <message>
        <source>Assistant</source>
        <translation>アシスタント</translation>
    </message>
</context>
<context>
    <name>ModelSection</name>
    <message>
        <source>Connection</source>
        <extracomment>The Connection field&apos;s choices that are not a named connection: (mode, connection).</extracomment>
        <translation>接続</translation>
    </message>
    <message>
        <source>Where the model runs: one of your connections (Settings → Connections), or whichever connection is the default.</source>
        <translation>モデルを動かす場所：あなたの接続（設定 → 接続）のいずれか、またはその時点の既定の接続。</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>モデル</translation>
    </message>
    <message>
        <source>Pick one of the models the server offers, or type a name.</source>
        <translation>サーバーが提供するモデルから選ぶか、名前を入力してください。</translation>
    </message>
    <message>
        <source>Temperature</source>
        <translation>温度</translation>
    </message>
    <message>
        <source>default</source>
        <translation>既定</translation>
    </message>
    <message>
        <source>0 = predictable, 2 = adventurous (model.temperature)</source>
        <translation>0 = 予測しやすい、2 = 冒険的 (model.temperature)</translation>
    </message>
    <message>
        <source>Longest answer (tokens)</source>
        <translation>回答の最大長（トークン）</translation>
    </message>
    <message>
        <source>Using its tools</source>
        <translation>ツールの使い方</translation>
    </message>
    <message>
        <source>When it decides</source>
        <translation>モデルが判断</translation>
    </message>
    <message>
        <source>At every step</source>
        <translation>毎ステップ</translation>
    </message>
    <message>
        <source>Never call tools</source>
        <translation>ツールを呼ばない</translation>
    </message>
    <message>
        <source>Retries</source>
        <translation>再試行</translation>
    </message>
    <message>
        <source>model.maxRetries: tries again after a server error that may pass</source>
        <translation>model.maxRetries: 一時的なサーバーエラーの後に再試行します</translation>
    </message>
    <message>
        <source>The default connection (now %1)</source>
        <translation>既定の接続（現在は %1）</translation>
    </message>
    <message>
        <source>The default connection</source>
        <translation>既定の接続</translation>
    </message>
    <message>
        <source>%1 (default)</source>
        <translation>%1（既定）</translation>
    </message>
    <message>
        <source>%1 (not on this computer)</source>
        <translation>%1（このコンピューターにはありません）</translation>
    </message>
    <message>
        <source>Not chosen yet (it cannot run)</source>
        <translation>未選択（実行できません）</translation>
    </message>
    <message>
        <source>This agent cannot run until you choose a connection.</source>
        <translation>接続を選ぶまで、このエージェントは実行できません。</translation>
    </message>
    <message>
        <source>There is no connection “%1” on this computer: runs of this agent will fail. Choose another, or add it in Settings → Connections.</source>
        <translation>このコンピューターには接続「%1」がありません。このエージェントの実行は失敗します。別の接続を選ぶか、設定 → 接続で追加してください。</translation>
    </message>
    <message>
        <source>You have no connection yet: add one in Settings → Connections, and this agent will use it.</source>
        <translation>まだ接続がありません。設定 → 接続で追加すると、このエージェントはそれを使います。</translation>
    </message>
    <message>
        <source>the connection&apos;s own default model</source>
        <translation>接続の既定のモデル</translation>
    </message>
    <message>
        <source>e.g. qwen3:8b</source>
        <translation>例: qwen3:8b</translation>
    </message>
    <message>
        <source>Asking the server which models it offers…</source>
        <translation>サーバーに提供モデルを問い合わせています…</translation>
    </message>
    <message>
        <source>The models could not be listed: %1 You can still type a model&apos;s name.</source>
        <translation>モデルの一覧を取得できませんでした: %1 モデル名は入力できます。</translation>
    </message>
    <message numerus="yes">
        <source>The server offers %n model(s): pick one from the list, or type a name.</source>
        <translation>
            <numerusform>サーバーは %n 個のモデルを提供しています。一覧から選ぶか、名前を入力してください。</numerusform>
        </translation>
    </message>
    <message>
        <source>The server lists no models; type a model&apos;s name.</source>
        <translation>サーバーにモデルの一覧がありません。モデル名を入力してください。</translation>
    </message>
</context>
<context>
    <name>NewAgentDialog</name>
    <message>
        <source>New agent</source>
        <translation>新しいエージェント</translation>
    </message>
    <message>
        <source>Start from:</source>
        <translation>テンプレート:</translation>
    </message>
    <message>
        <source>Starting points</source>
        <translation>出発点</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名前</translation>
    </message>
    <message>
        <source>Create</source>
        <translation>作成</translation>
    </message>
    <message>
        <source>Creates three agents at once: “%1 writer” hands off to “%1 editor”, which hands off to “%1 finalizer”. The editor opens on the first.</source>
        <translation>3 つのエージェントを一度に作成します：「%1 writer」が「%1 editor」に引き継ぎ、「%1 editor」が「%1 finalizer」に引き継ぎます。エディターには最初のものが開きます。</translation>
    </message>
    <message>
        <source>Creates “%1” and its own Skill writer. Before each story library or output write it asks the Consistency reviewer; for rules, the Rules advisor.</source>
        <translation>「%1」と専用のスキル作成エージェントを作ります。ストーリーライブラリや output への書き込みの前には整合性レビュアーに、ルールについてはルールアドバイザーに確認します。</translation>
    </message>
    <message>
        <source>An agent named “%1” exists already; two agents with one name are hard to tell apart in the chat. It opens in the editor; nothing is stored until you Save.</source>
        <translation>「%1」という名前のエージェントは既にあります。同じ名前のエージェントはチャットで区別しにくくなります。エディターで開きますが、保存するまで何も記録されません。</translation>
    </message>
    <message>
        <source>Opens in the editor; nothing is stored until you Save.</source>
        <translation>エディターで開きます。保存するまで何も記録されません。</translation>
    </message>
</context>
<context>
    <name>NewAgentTemplates</name>
    <message>
        <source>A blank agent</source>
        <extracomment>Template key -&gt; (its name, what it does), as the list shows them (English; translated where shown).</extracomment>
        <translation>空のエージェント</translation>
    </message>
    <message>
        <source>Reads and writes files, commits its answer and finishes. Nothing else.</source>
        <translation>ファイルを読み書きし、回答をコミットして終了します。それ以外は何もしません。</translation>
    </message>
    <message>
        <source>A writer</source>
        <translation>ライター</translation>
    </message>
    <message>
        <source>Drafts what the creator asks for, then hands the draft on.</source>
        <translation>依頼された内容の下書きを書き、下書きを次へ引き継ぎます。</translation>
    </message>
    <message>
        <source>An editor</source>
        <translation>編集者</translation>
    </message>
    <message>
        <source>Revises a draft for structure, clarity and voice, then hands it on.</source>
        <translation>下書きの構成・明瞭さ・語り口を推敲し、次へ引き継ぎます。</translation>
    </message>
    <message>
        <source>A finalizer</source>
        <translation>仕上げ役</translation>
    </message>
    <message>
        <source>Polishes the text, commits the final message and finishes.</source>
        <translation>文章を磨き上げ、最終メッセージをコミットして終了します。</translation>
    </message>
    <message>
        <source>A helper</source>
        <translation>ヘルパー</translation>
    </message>
    <message>
        <source>Does side tasks other agents delegate (background, facts) and reports back.</source>
        <translation>他のエージェントから任された別の作業（背景調査、事実確認）をこなし、結果を報告します。</translation>
    </message>
    <message>
        <source>A director (reviews before it writes)</source>
        <translation>ディレクター（書く前にレビュー）</translation>
    </message>
    <message>
        <source>Reads the story library and the rulebooks, has each draft checked by the consistency reviewer before writing it, and writes only changes you approve.</source>
        <translation>ストーリーライブラリとルールブックを読み、各下書きを書く前に整合性レビュアーに確認させ、あなたが承認した変更だけを書き込みます。</translation>
    </message>
    <message>
        <source>A relay (writer → editor → finalizer)</source>
        <translation>リレー（ライター → 編集者 → 仕上げ役）</translation>
    </message>
    <message>
        <source>Three agents set up to hand off to each other, all created at once.</source>
        <translation>互いに引き継ぐよう設定された 3 つのエージェントを一度に作成します。</translation>
    </message>
</context>
<context>
    <name>NewSceneDialog</name>
    <message>
        <source>New scene</source>
        <translation>新しいシーン</translation>
    </message>
    <message>
        <source>A scene is a chat in which characters speak in turn, each knowing only what it witnessed. Characters are agents: import SillyTavern character cards in the Library (Import…) to make agents of them.</source>
        <translation>シーンは、キャラクターが順に話し、それぞれが見聞きしたことだけを知るチャットです。キャラクターはエージェントです。ライブラリ（インポート…）で SillyTavern のキャラクターカードを読み込むとエージェントになります。</translation>
    </message>
    <message>
        <source>Scene</source>
        <translation>シーン</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名前</translation>
    </message>
    <message>
        <source>Cast</source>
        <translation>キャスト</translation>
    </message>
    <message>
        <source> · from a card</source>
        <translation> · カードから</translation>
    </message>
    <message>
        <source>Narrator</source>
        <translation>語り手</translation>
    </message>
    <message>
        <source>No narrator</source>
        <translation>語り手なし</translation>
    </message>
    <message>
        <source>Create</source>
        <translation>作成</translation>
    </message>
</context>
<context>
    <name>NoticeCard</name>
    <message>
        <source>&lt;a href=&quot;#details&quot;&gt;Details&lt;/a&gt;</source>
        <translation>&lt;a href=&quot;#details&quot;&gt;詳細&lt;/a&gt;</translation>
    </message>
    <message>
        <source>Publish your edited version</source>
        <translation>編集した版を公開</translation>
    </message>
    <message>
        <source>Publish the approved version</source>
        <translation>承認した版を公開</translation>
    </message>
    <message>
        <source>Make the approved %1 this run&apos;s answer in the chat</source>
        <translation>承認した %1 をこの実行のチャットの回答にする</translation>
    </message>
</context>
<context>
    <name>Operations</name>
    <message>
        <source>Something unexpected went wrong (%1). The log has the details.</source>
        <translation>予期しない問題が起きました（%1）。詳細はログにあります。</translation>
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
        <translation>%1: %2 を書き込む</translation>
    </message>
    <message>
        <source>%1: change %2</source>
        <translation>%1: %2 を変更</translation>
    </message>
    <message>
        <source>%1: commit %2</source>
        <translation>%1: %2 をコミット</translation>
    </message>
    <message>
        <source>%1: call %2</source>
        <translation>%1: %2 を呼び出す</translation>
    </message>
    <message>
        <source>conflict</source>
        <translation>矛盾</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>info</source>
        <translation>情報</translation>
    </message>
    <message>
        <source>Review changes</source>
        <extracomment>the reason the agent reads when the creator approved with no part of the change ticked</extracomment>
        <translation>変更を確認</translation>
    </message>
    <message>
        <source>Side by side</source>
        <translation>左右に並べて表示</translation>
    </message>
    <message>
        <source>Unified</source>
        <translation>統合表示</translation>
    </message>
    <message>
        <source>Result (editable)</source>
        <translation>結果（編集可）</translation>
    </message>
    <message>
        <source>Proposed changes</source>
        <translation>提案された変更</translation>
    </message>
    <message>
        <source>Changes to apply</source>
        <translation>適用する変更</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>理由</translation>
    </message>
    <message>
        <source>Why you reject it (optional; the agent reads this)</source>
        <translation>却下する理由（任意。エージェントが読みます）</translation>
    </message>
    <message>
        <source>The review found conflicts: say why you approve it anyway.</source>
        <translation>レビューで矛盾が見つかりました。それでも承認する理由を書いてください。</translation>
    </message>
    <message>
        <source>Approve the rest of this run</source>
        <translation>この実行の残りをすべて承認</translation>
    </message>
    <message>
        <source>Ctrl+Enter approves · Ctrl+Backspace rejects · Esc closes</source>
        <translation>Ctrl+Enter で承認 · Ctrl+Backspace で却下 · Esc で閉じる</translation>
    </message>
    <message>
        <source>Reject</source>
        <translation>却下</translation>
    </message>
    <message>
        <source>Approve</source>
        <translation>承認</translation>
    </message>
    <message>
        <source>Nothing waits for your approval.</source>
        <translation>承認待ちのものはありません。</translation>
    </message>
    <message numerus="yes">
        <source>%n change(s) wait for your approval</source>
        <translation>
            <numerusform>%n 件の変更が承認を待っています</numerusform>
        </translation>
    </message>
    <message>
        <source> · showing %1 of %2</source>
        <translation> · %2 件中 %1 件目を表示</translation>
    </message>
    <message>
        <source>Choose a change in the list.</source>
        <translation>リストから変更を選んでください。</translation>
    </message>
    <message>
        <source>%1 wants to change %2</source>
        <translation>%1 が %2 の変更を求めています</translation>
    </message>
    <message>
        <source>%1 wants to write %2</source>
        <translation>%1 が %2 の書き込みを求めています</translation>
    </message>
    <message>
        <source>%1 wants to publish %2 to the chat</source>
        <translation>%1 が %2 をチャットに公開しようとしています</translation>
    </message>
    <message>
        <source>%1 wants to call %2</source>
        <translation>%1 が %2 の呼び出しを求めています</translation>
    </message>
    <message>
        <source>Publishes %1 to the chat as the reply you read, as the file is when the commit runs (after the changes listed before it are decided).</source>
        <translation>%1 を、あなたが読む返信としてチャットに公開します。内容はコミット実行時点のファイルです（その前に並んでいる変更が決まった後）。</translation>
    </message>
    <message>
        <source>The review found conflicts</source>
        <translation>レビューで矛盾が見つかりました</translation>
    </message>
    <message>
        <source>The review has warnings</source>
        <translation>レビューに警告があります</translation>
    </message>
    <message>
        <source>The review found no problem</source>
        <translation>レビューで問題は見つかりませんでした</translation>
    </message>
    <message>
        <source>It needs nothing more.</source>
        <translation>ほかに必要なものはありません。</translation>
    </message>
    <message>
        <source>Review</source>
        <translation>レビュー</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>詳細</translation>
    </message>
    <message>
        <source>No issues.</source>
        <translation>指摘はありません。</translation>
    </message>
    <message>
        <source>Approve anyway</source>
        <translation>それでも承認</translation>
    </message>
    <message>
        <source>Why you approve it despite the conflicts, or why you reject it (the agent reads this)</source>
        <translation>矛盾があっても承認する理由、または却下する理由（エージェントが読みます）</translation>
    </message>
    <message>
        <source>A change the review found in conflict is decided on its own.</source>
        <translation>レビューで矛盾が見つかった変更は、個別に判断します。</translation>
    </message>
    <message>
        <source>Before</source>
        <translation>変更前</translation>
    </message>
    <message>
        <source>After</source>
        <translation>変更後</translation>
    </message>
    <message>
        <source>After (your version)</source>
        <translation>変更後（あなたの版）</translation>
    </message>
    <message>
        <source>No changes.</source>
        <translation>変更はありません。</translation>
    </message>
</context>
<context>
    <name>PresenceDialog</name>
    <message>
        <source>Who heard what</source>
        <translation>誰が何を聞いたか</translation>
    </message>
    <message>
        <source>Who was present when each message was said. A character&apos;s prompt holds only the messages it was present for; tick or untick to correct it.</source>
        <translation>各メッセージが話されたときに誰がその場にいたか。キャラクターのプロンプトには、その場にいたメッセージだけが入ります。チェックを付け外しして訂正できます。</translation>
    </message>
    <message>
        <source>Scene</source>
        <translation>シーン</translation>
    </message>
    <message>
        <source>Said by</source>
        <translation>発言者</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>メッセージ</translation>
    </message>
    <message>
        <source>Reading the scene…</source>
        <translation>シーンを読み込んでいます…</translation>
    </message>
    <message>
        <source>The scene could not be read: %1</source>
        <translation>シーンを読み込めませんでした: %1</translation>
    </message>
    <message>
        <source>you</source>
        <translation>あなた</translation>
    </message>
    <message>
        <source> (privately)</source>
        <translation>（内密に）</translation>
    </message>
</context>
<context>
    <name>ProblemsBar</name>
    <message numerus="yes">
        <source>%1 › %2: %n problem(s) — go there</source>
        <translation>
            <numerusform>%1 › %2: %n 件の問題 — ここへ移動</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>…and %n more (see the sections marked ⚠)</source>
        <translation>
            <numerusform>…ほか %n 件（⚠ の付いたセクションを参照）</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ProfileEditor</name>
    <message>
        <source>Duplicate</source>
        <translation>複製</translation>
    </message>
    <message>
        <source>Import…</source>
        <translation>インポート…</translation>
    </message>
    <message>
        <source>Export…</source>
        <translation>エクスポート…</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>削除</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>保存</translation>
    </message>
    <message>
        <source>Save (Ctrl+S)</source>
        <translation>保存 (Ctrl+S)</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>閉じる</translation>
    </message>
    <message>
        <source>Sections</source>
        <translation>セクション</translation>
    </message>
    <message>
        <source>“%1” is set to Never in Tools; untick Never there first.</source>
        <translation>ツールで「%1」が「しない」に設定されています。先にそこで「しない」のチェックを外してください。</translation>
    </message>
    <message>
        <source>Something here needs fixing</source>
        <translation>ここに修正が必要な箇所があります</translation>
    </message>
    <message>
        <source>Saved</source>
        <translation>保存済み</translation>
    </message>
    <message>
        <source>Untitled agent</source>
        <translation>無題のエージェント</translation>
    </message>
    <message>
        <source> · built-in, read-only</source>
        <translation> · 組み込み、読み取り専用</translation>
    </message>
    <message>
        <source> · not saved yet</source>
        <translation> · 未保存</translation>
    </message>
    <message>
        <source> · changed</source>
        <translation> · 変更あり</translation>
    </message>
    <message>
        <source>Fix the problems above to see what the model would receive.</source>
        <extracomment>narrower than this, the section rail steps aside and the form takes the whole width (a 1000 px window leaves the editor ~430 px: beside the rail, the fields would need sideways scrolling)</extracomment>
        <translation>上の問題を修正すると、モデルが受け取る内容が表示されます。</translation>
    </message>
    <message>
        <source>The preview is not available: %1</source>
        <translation>プレビューを表示できません: %1</translation>
    </message>
    <message>
        <source>Raw JSON: not valid JSON (line %1, column %2): %3 (profile.invalid_json)</source>
        <translation>生の JSON: JSON として正しくありません（%1 行 %2 列）: %3 (profile.invalid_json)</translation>
    </message>
    <message>
        <source>A new agent: change what you like, then Save.</source>
        <translation>新しいエージェント：好きなように変更してから保存してください。</translation>
    </message>
    <message>
        <source>Created %1 and %2: each hands off to the next, in that order. Start a run with %3.</source>
        <translation>%1 と %2 を作成しました。この順に次へ引き継ぎます。%3 で実行を開始してください。</translation>
    </message>
    <message>
        <source>Created %1 and, for it, %2. Start a run with %3.</source>
        <translation>%1 と、そのための %2 を作成しました。%3 で実行を始めてください。</translation>
    </message>
    <message>
        <source>A built-in profile is read-only. Duplicate it to make your own version.</source>
        <translation>組み込みのプロファイルは読み取り専用です。複製して自分の版を作ってください。</translation>
    </message>
    <message>
        <source>%1 (copy)</source>
        <translation>%1（コピー）</translation>
    </message>
    <message>
        <source>A copy: change what you like, then Save.</source>
        <translation>コピー：好きなように変更してから保存してください。</translation>
    </message>
    <message>
        <source>Saved “%1”.</source>
        <translation>「%1」を保存しました。</translation>
    </message>
    <message>
        <source>Unsaved agent</source>
        <translation>未保存のエージェント</translation>
    </message>
    <message>
        <source>“%1” has changes that are not saved. Save them before closing?</source>
        <translation>「%1」には保存されていない変更があります。閉じる前に保存しますか？</translation>
    </message>
    <message>
        <source>Import a profile</source>
        <translation>プロファイルをインポート</translation>
    </message>
    <message>
        <source>Profiles (*.json)</source>
        <translation>プロファイル (*.json)</translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>%1 を読み込めません: %2</translation>
    </message>
    <message>
        <source>%1 was not imported: fix the problems shown, then Save.</source>
        <translation>%1 はインポートされていません。表示された問題を修正してから保存してください。</translation>
    </message>
    <message>
        <source>Imported “%1” from %2.</source>
        <translation>%2 から「%1」をインポートしました。</translation>
    </message>
    <message>
        <source>Export the profile</source>
        <translation>プロファイルをエクスポート</translation>
    </message>
    <message>
        <source>Could not export to %1: %2</source>
        <translation>%1 にエクスポートできませんでした: %2</translation>
    </message>
    <message>
        <source>Exported to %1 (without your connection: whoever imports it chooses their own).</source>
        <translation>%1 にエクスポートしました（接続は含みません。インポートする人が自分の接続を選びます）。</translation>
    </message>
</context>
<context>
    <name>PromptSection</name>
    <message>
        <source>Use the generated prompt</source>
        <translation>生成されたプロンプトを使う</translation>
    </message>
    <message>
        <source>instructions.systemPrompt left empty: the runtime writes it from the tools</source>
        <translation>instructions.systemPrompt を空にすると、ランタイムがツールから作成します</translation>
    </message>
    <message>
        <source>Own prompt</source>
        <translation>独自のプロンプト</translation>
    </message>
    <message>
        <source>Generated (what your prompt replaces)</source>
        <translation>生成されたもの（あなたのプロンプトが置き換える内容）</translation>
    </message>
    <message>
        <source>Standing instructions</source>
        <translation>常設の指示</translation>
    </message>
    <message>
        <source>instructions.taskPrompt: added after the prompt in every call</source>
        <translation>instructions.taskPrompt: 毎回の呼び出しでプロンプトの後に追加されます</translation>
    </message>
</context>
<context>
    <name>RerunControls</name>
    <message>
        <source>Rerun from here…</source>
        <translation>ここから再実行…</translation>
    </message>
    <message>
        <source>Run this stage again in a new run, with the files as it found them: another agent, brief or model if you like</source>
        <translation>この段階を、始まったときのファイルで新しい実行としてもう一度実行します。必要ならエージェント、指示、モデルを変えられます</translation>
    </message>
    <message>
        <source>Rerun from stage %1</source>
        <translation>段階 %1 から再実行</translation>
    </message>
    <message>
        <source>the fork from stage %1</source>
        <translation>段階 %1 からの分岐</translation>
    </message>
    <message>
        <source>the original run</source>
        <translation>元の実行</translation>
    </message>
</context>
<context>
    <name>ReviewWords</name>
    <message>
        <source>passed</source>
        <translation>合格</translation>
    </message>
    <message numerus="yes">
        <source>warning · %n issue(s)</source>
        <translation>
            <numerusform>警告 · 問題 %n 件</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>conflict · %n issue(s)</source>
        <translation>
            <numerusform>矛盾 · 問題 %n 件</numerusform>
        </translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失敗</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>キャンセル済み</translation>
    </message>
    <message>
        <source>reviewing…</source>
        <translation>レビュー中…</translation>
    </message>
    <message>
        <source>Rules review</source>
        <translation>ルールのレビュー</translation>
    </message>
    <message>
        <source>Consistency review of “%1”</source>
        <translation>「%1」の整合性レビュー</translation>
    </message>
    <message>
        <source>Consistency review</source>
        <translation>整合性レビュー</translation>
    </message>
    <message>
        <source>%1 by %2: %3</source>
        <translation>%2 による%1: %3</translation>
    </message>
</context>
<context>
    <name>RunActions</name>
    <message>
        <source>A run is already going in this chat.</source>
        <extracomment>a scene chat&apos;s turns (set by the window): Send there starts a character&apos;s turn</extracomment>
        <translation>このチャットでは既に実行中です。</translation>
    </message>
    <message>
        <source>Wait for the active run to end, or stop it, before regenerating.</source>
        <translation>再生成する前に、実行中の処理が終わるのを待つか停止してください。</translation>
    </message>
    <message>
        <source>The agent at work will read your guidance at its next step.</source>
        <translation>作業中のエージェントが次のステップで指示を読みます。</translation>
    </message>
    <message>
        <source>This message belongs to the run in progress; stop it first.</source>
        <translation>このメッセージは実行中の処理に属しています。先に停止してください。</translation>
    </message>
    <message>
        <source>Delete message</source>
        <translation>メッセージを削除</translation>
    </message>
    <message>
        <source>Delete this message from the chat? Later runs will not see it. What the agents committed stays in the run&apos;s history on the timeline.</source>
        <translation>このメッセージをチャットから削除しますか？ 以後の実行からは見えなくなります。エージェントがコミットした内容は、タイムライン上の実行の履歴に残ります。</translation>
    </message>
    <message>
        <source>Your message will be sent when the run ends.</source>
        <translation>実行が終わるとメッセージが送信されます。</translation>
    </message>
    <message>
        <source>No run yet</source>
        <translation>まだ実行はありません</translation>
    </message>
    <message>
        <source>Agent: %1</source>
        <translation>エージェント: %1</translation>
    </message>
    <message>
        <source>~%1 in · ~%2 out tokens (estimated)</source>
        <translation>入力 ~%1 · 出力 ~%2 トークン（推定）</translation>
    </message>
    <message>
        <source>The model&apos;s server sent no token counts for some calls; they are estimated at about four characters a token.</source>
        <translation>モデルのサーバーが一部の呼び出しでトークン数を送りませんでした。1 トークンを約 4 文字として推定しています。</translation>
    </message>
    <message>
        <source>%1 in · %2 out tokens</source>
        <translation>入力 %1 · 出力 %2 トークン</translation>
    </message>
    <message>
        <source> · forecast %1–%2 in</source>
        <translation> · 見積もり 入力 %1–%2</translation>
    </message>
    <message>
        <source>, cost %1–%2, used %3 %4</source>
        <translation>、費用 %1–%2、実績 %3 %4</translation>
    </message>
</context>
<context>
    <name>RunStatus</name>
    <message>
        <source>created</source>
        <extracomment>the languages the window speaks, English first (the source language: it needs no catalogue) each language&apos;s name in itself, as Settings → Language lists it the window settings&apos; key; &quot;&quot; (or absent) follows the operating system</extracomment>
        <translation>作成済み</translation>
    </message>
    <message>
        <source>running</source>
        <translation>実行中</translation>
    </message>
    <message>
        <source>awaiting approval</source>
        <translation>承認待ち</translation>
    </message>
    <message>
        <source>cancelling</source>
        <translation>キャンセル中</translation>
    </message>
    <message>
        <source>completed</source>
        <translation>完了</translation>
    </message>
    <message>
        <source>partial success</source>
        <translation>一部成功</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>キャンセル済み</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失敗</translation>
    </message>
    <message>
        <source>interrupted</source>
        <translation>中断</translation>
    </message>
</context>
<context>
    <name>SceneBar</name>
    <message>
        <source>default connection</source>
        <translation>既定の接続</translation>
    </message>
    <message>
        <source>not configured</source>
        <translation>未設定</translation>
    </message>
    <message>
        <source>(no such agent)</source>
        <translation>（そのエージェントはありません）</translation>
    </message>
    <message>
        <source>Next turn</source>
        <translation>次の番</translation>
    </message>
    <message>
        <source>The character you picked speaks; none picked: the next one in turn, or the one the narrator chose. What you wrote in the message is the scene&apos;s direction for that turn.</source>
        <translation>選んだキャラクターが話します。選んでいなければ順番の次の人、または語り手が選んだ人です。メッセージに書いたことは、その番の演出指示になります。</translation>
    </message>
    <message>
        <source>Scene break</source>
        <translation>シーン転換</translation>
    </message>
    <message>
        <source>Start the next scene with the characters present now</source>
        <translation>今いるキャラクターで次のシーンを始める</translation>
    </message>
    <message>
        <source>Who heard what…</source>
        <translation>誰が何を聞いたか…</translation>
    </message>
    <message>
        <source>Who was present for each message; correct it there</source>
        <translation>各メッセージに誰がいたか。そこで訂正できます</translation>
    </message>
    <message>
        <source>All speak with: %1</source>
        <translation>全員の接続: %1</translation>
    </message>
    <message>
        <source>Speaking with: %1</source>
        <translation>接続: %1</translation>
    </message>
    <message>
        <source>next: %1 (your pick)</source>
        <translation>次: %1（あなたの選択）</translation>
    </message>
    <message>
        <source>next: %1 (the narrator&apos;s pick)</source>
        <translation>次: %1（語り手の選択）</translation>
    </message>
    <message>
        <source>next: whoever&apos;s turn it is</source>
        <translation>次: 順番の人</translation>
    </message>
    <message>
        <source>Scene %1 · %2</source>
        <translation>シーン %1 · %2</translation>
    </message>
    <message>
        <source>%1 leaves the scene</source>
        <translation>%1 がシーンから出る</translation>
    </message>
    <message>
        <source>%1 enters the scene</source>
        <translation>%1 がシーンに入る</translation>
    </message>
    <message>
        <source>%1 speaks next</source>
        <translation>次に %1 が話す</translation>
    </message>
</context>
<context>
    <name>SceneContextWords</name>
    <message numerus="yes">
        <source>%n message(s)</source>
        <translation>
            <numerusform>%n 件のメッセージ</numerusform>
        </translation>
    </message>
    <message>
        <source>the entry “%1”: %2</source>
        <translation>項目「%1」: %2</translation>
    </message>
    <message>
        <source>the fact %1: %2</source>
        <translation>事実 %1: %2</translation>
    </message>
    <message>
        <source>It saw %1 of the scene&apos;s messages.</source>
        <translation>シーンのメッセージのうち %1 件を見ました。</translation>
    </message>
    <message>
        <source>Nothing was left out.</source>
        <translation>省かれたものはありません。</translation>
    </message>
    <message>
        <source>Left out of what this character saw</source>
        <translation>このキャラクターに見せなかったもの</translation>
    </message>
    <message>
        <source>Canon left out for this character</source>
        <translation>このキャラクターに見せなかった正典</translation>
    </message>
</context>
<context>
    <name>SceneLanes</name>
    <message>
        <source>Turn %1</source>
        <translation>番 %1</translation>
    </message>
    <message>
        <source>Scene %1</source>
        <translation>シーン %1</translation>
    </message>
    <message>
        <source>Whole scene: a lane per character, a bar per turn</source>
        <translation>シーン全体: キャラクターごとに1レーン、番ごとに1本のバー</translation>
    </message>
    <message>
        <source>Whole scene</source>
        <translation>シーン全体</translation>
    </message>
</context>
<context>
    <name>SceneLanesView</name>
    <message>
        <source>Scenes</source>
        <translation>シーン</translation>
    </message>
    <message>
        <source>completed</source>
        <translation>完了</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失敗</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>running</source>
        <translation>実行中</translation>
    </message>
    <message>
        <source>%1 · %2 · scene %3 · %4
Click: show this turn&apos;s run below.</source>
        <translation>%1 · %2 · シーン %3 · %4
クリック: この番の実行を下に表示します。</translation>
    </message>
</context>
<context>
    <name>SceneTurns</name>
    <message>
        <source>A turn is going on; wait for it to end, or stop it.</source>
        <extracomment>the command named someone who is not in the cast</extracomment>
        <translation>番の途中です。終わるまで待つか、止めてください。</translation>
    </message>
    <message>
        <source>There is nobody called “%1” in this scene (%2).</source>
        <translation>このシーンに「%1」という人はいません（%2）。</translation>
    </message>
</context>
<context>
    <name>Section</name>
    <message>
        <source>Identity</source>
        <translation>基本情報</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>モデル</translation>
    </message>
    <message>
        <source>Delegation and handoff</source>
        <translation>委任と引き継ぎ</translation>
    </message>
    <message>
        <source>Tools</source>
        <translation>ツール</translation>
    </message>
    <message>
        <source>System prompt</source>
        <translation>システムプロンプト</translation>
    </message>
    <message>
        <source>Workspace</source>
        <translation>ワークスペース</translation>
    </message>
    <message>
        <source>Limits</source>
        <translation>上限</translation>
    </message>
    <message>
        <source>Raw JSON</source>
        <translation>生の JSON</translation>
    </message>
    <message>
        <source>What the model sees</source>
        <translation>モデルに見える内容</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <source>Settings</source>
        <translation>設定</translation>
    </message>
</context>
<context>
    <name>Shortcuts</name>
    <message>
        <source>Add a line in the message</source>
        <translation>メッセージに改行を入れる</translation>
    </message>
    <message>
        <source>Stop the run (in the chat)</source>
        <translation>実行を止める(チャット内)</translation>
    </message>
    <message>
        <source>Approve the change (patch dialog)</source>
        <translation>変更を承認する(パッチダイアログ)</translation>
    </message>
    <message>
        <source>Reject the change (patch dialog)</source>
        <translation>変更を却下する(パッチダイアログ)</translation>
    </message>
    <message>
        <source>Zoom the timeline</source>
        <translation>タイムラインを拡大縮小する</translation>
    </message>
    <message>
        <source>wheel</source>
        <translation>ホイール</translation>
    </message>
    <message>
        <source>Move to the next control; the arrows move within a list</source>
        <translation>次のコントロールへ移動(リスト内は矢印キーで移動)</translation>
    </message>
</context>
<context>
    <name>ShortcutsDialog</name>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>キーボードショートカット</translation>
    </message>
    <message>
        <source>What it does</source>
        <translation>機能</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>キー</translation>
    </message>
</context>
<context>
    <name>Sidebar</name>
    <message>
        <source>New chat (Ctrl+N)</source>
        <translation>新しいチャット (Ctrl+N)</translation>
    </message>
    <message>
        <source>New exploration</source>
        <translation>新しい探索</translation>
    </message>
    <message>
        <source>New exploration: a chat where an agent reads your story library, knowledge and files and answers you, changing nothing (Ctrl+Shift+E)</source>
        <translation>新しい探索: エージェントがストーリーライブラリ、ナレッジ、ファイルを読んで答えるチャットです。何も変更しません (Ctrl+Shift+E)</translation>
    </message>
    <message>
        <source>Chats</source>
        <translation>チャット</translation>
    </message>
    <message>
        <source>New agent (Ctrl+Shift+N)</source>
        <translation>新しいエージェント (Ctrl+Shift+N)</translation>
    </message>
    <message>
        <source>Agents</source>
        <translation>エージェント</translation>
    </message>
    <message>
        <source>Project</source>
        <translation>プロジェクト</translation>
    </message>
    <message>
        <source>The project whose chats, story library, knowledge and Skills are shown</source>
        <translation>チャット・ストーリーライブラリ・ナレッジ・スキルを表示するプロジェクト</translation>
    </message>
    <message>
        <source>New project…, Rename project…</source>
        <translation>新しいプロジェクト…、プロジェクト名を変更…</translation>
    </message>
    <message>
        <source>New project…</source>
        <translation>新しいプロジェクト…</translation>
    </message>
    <message>
        <source>Rename project…</source>
        <translation>プロジェクト名を変更…</translation>
    </message>
    <message>
        <source>Exploration: read only</source>
        <translation>探索: 読み取り専用</translation>
    </message>
    <message>
        <source>Scene: characters speak in turn, each knowing only what it witnessed</source>
        <translation>シーン: キャラクターが順に話し、それぞれが見聞きしたことだけを知っています</translation>
    </message>
    <message>
        <source>Continues “%1”</source>
        <translation>「%1」の続き</translation>
    </message>
    <message>
        <source>starts runs</source>
        <translation>実行を開始できる</translation>
    </message>
    <message>
        <source>helper</source>
        <translation>ヘルパー</translation>
    </message>
    <message>
        <source> · built-in</source>
        <translation> · 組み込み</translation>
    </message>
    <message>
        <source>Open “%1”</source>
        <translation>「%1」を開く</translation>
    </message>
    <message>
        <source>New agent…</source>
        <translation>新しいエージェント…</translation>
    </message>
</context>
<context>
    <name>SkillsView</name>
    <message>
        <source>New Skill</source>
        <translation>新しいスキル</translation>
    </message>
    <message>
        <source>Skills</source>
        <translation>スキル</translation>
    </message>
    <message>
        <source>A short name, like harbour-rules</source>
        <translation>短い名前(例: harbour-rules)</translation>
    </message>
    <message>
        <source>When an agent should use it</source>
        <translation>エージェントが使うべき場面</translation>
    </message>
    <message>
        <source>* for every agent, or some: writer, editor</source>
        <translation>すべてのエージェントなら *、一部なら writer, editor のように</translation>
    </message>
    <message>
        <source>What an agent reads when it uses this Skill</source>
        <translation>エージェントがこのスキルを使うときに読む内容</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名前</translation>
    </message>
    <message>
        <source>When to use</source>
        <translation>使う場面</translation>
    </message>
    <message>
        <source>Agents</source>
        <translation>エージェント</translation>
    </message>
    <message>
        <source>Instructions</source>
        <translation>指示</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>保存</translation>
    </message>
    <message>
        <source> · built-in</source>
        <translation> · 組み込み</translation>
    </message>
    <message>
        <source>These files in the project&apos;s skills folder are left out until they are fixed; the agents do not see them.</source>
        <translation>プロジェクトの skills フォルダにあるこれらのファイルは、直すまで使われません。エージェントには見えません。</translation>
    </message>
    <message>
        <source>Built-in: saving makes this project&apos;s own copy, used instead of it.</source>
        <translation>組み込み：保存するとこのプロジェクト専用のコピーが作られ、代わりに使われます。</translation>
    </message>
    <message>
        <source>Saved to %1.</source>
        <translation>%1 に保存しました。</translation>
    </message>
    <message>
        <source>Saved as “%1” (a Skill&apos;s name is short words with dashes). %2</source>
        <translation>「%1」として保存しました(スキル名はハイフンでつないだ短い英単語です)。%2</translation>
    </message>
</context>
<context>
    <name>SlashCommands</name>
    <message>
        <source>Hand this chat off to a new chat that starts from a summary document (written by the chosen agent)</source>
        <translation>このチャットを、引き継ぎ文書から始まる新しいチャットに引き継ぎます（選んだエージェントが書きます）</translation>
    </message>
    <message>
        <source>This character speaks next (what follows is the scene&apos;s direction)</source>
        <extracomment>offered in a scene chat only (``ui/chat/scene_turns.py`` starts them)</extracomment>
        <translation>このキャラクターが次に話す（続きは演出指示）</translation>
    </message>
    <message>
        <source>Whoever is next speaks: the next in turn, or the narrator&apos;s pick</source>
        <translation>次の人が話す：順番、または語り手の選択</translation>
    </message>
    <message>
        <source>Slash commands</source>
        <translation>スラッシュコマンド</translation>
    </message>
</context>
<context>
    <name>StartWindow</name>
    <message>
        <source>Opening your chats…</source>
        <extracomment>Qt warnings that tell a creator nothing they could act on (the offscreen platform of --smoke and --screenshot cannot pass size hints to a window manager it does not have) how long a thread may hold the interpreter while another waits for it, in the window&apos;s process (Python&apos;s default: 5 ms). The GUI thread calls into Python many times in one paint (a delegate per cell, a label&apos;s height per card); while a lane&apos;s thread counts mentions or parses a project&apos;s files, each of those calls waited up to 5 ms for the interpreter (bench/book_scale.py on the book, six runs each: the gaps after the window&apos;s show 88 ms at 5 ms, 68 ms at 1 ms; an entry&apos;s save 57 and 43 ms) Libraries the start window must be painted without (``StartWindow.loaded_at_paint`` names any that were in)</extracomment>
        <translation>チャットを開いています…</translation>
    </message>
</context>
<context>
    <name>Studio</name>
    <message>
        <source>Exploration</source>
        <translation>探索</translation>
    </message>
</context>
<context>
    <name>TimelinePanel</name>
    <message>
        <source>Run</source>
        <translation>実行</translation>
    </message>
    <message>
        <source>Zoom out (Ctrl+wheel)</source>
        <translation>縮小 (Ctrl+ホイール)</translation>
    </message>
    <message>
        <source>Zoom in (Ctrl+wheel)</source>
        <translation>拡大 (Ctrl+ホイール)</translation>
    </message>
    <message>
        <source>Fit</source>
        <translation>全体表示</translation>
    </message>
    <message>
        <source>Show the whole run</source>
        <translation>実行全体を表示</translation>
    </message>
    <message>
        <source>handoff document</source>
        <translation>引き継ぎドキュメント</translation>
    </message>
    <message>
        <source>rerun from stage %1</source>
        <translation>ステージ %1 から再実行</translation>
    </message>
    <message>
        <source>%1 (removed)</source>
        <translation>%1(削除済み)</translation>
    </message>
    <message>
        <source>an agent since removed</source>
        <translation>削除されたエージェント</translation>
    </message>
    <message>
        <source>All agents</source>
        <translation>すべてのエージェント</translation>
    </message>
    <message>
        <source>All events</source>
        <translation>すべてのイベント</translation>
    </message>
    <message>
        <source>Model calls</source>
        <translation>モデル呼び出し</translation>
    </message>
    <message>
        <source>Tool calls</source>
        <translation>ツール呼び出し</translation>
    </message>
    <message>
        <source>Handoffs and helpers</source>
        <translation>引き継ぎとヘルパー</translation>
    </message>
    <message>
        <source>Approvals</source>
        <translation>承認</translation>
    </message>
    <message>
        <source>Files and commits</source>
        <translation>ファイルとコミット</translation>
    </message>
    <message>
        <source>Agents and run</source>
        <translation>エージェントと実行</translation>
    </message>
    <message>
        <source>Errors only</source>
        <translation>エラーのみ</translation>
    </message>
    <message>
        <source>Search events</source>
        <translation>イベントを検索</translation>
    </message>
    <message>
        <source>Events of the run</source>
        <translation>実行のイベント</translation>
    </message>
    <message>
        <source>reading %1 of %2 events…</source>
        <translation>%2 件中 %1 件のイベントを読み込み中…</translation>
    </message>
    <message numerus="yes">
        <source>%1 of %Ln event(s) shown</source>
        <translation>
            <numerusform>%Ln 件中 %1 件のイベントを表示</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln event(s)</source>
        <translation>
            <numerusform>%Ln 件のイベント</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ToolsSection</name>
    <message>
        <source>&lt;b&gt;Tool&lt;/b&gt;</source>
        <translation>&lt;b&gt;ツール&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;Allowed&lt;/b&gt;</source>
        <translation>&lt;b&gt;許可&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;Ask first&lt;/b&gt;</source>
        <translation>&lt;b&gt;事前に確認&lt;/b&gt;</translation>
    </message>
    <message>
        <source>tools.requireApproval: the change waits in the patch dialog until you approve or reject it</source>
        <translation>tools.requireApproval: 承認または却下するまで、変更は変更確認ダイアログで待機します</translation>
    </message>
    <message>
        <source>&lt;b&gt;Never&lt;/b&gt;</source>
        <translation>&lt;b&gt;しない&lt;/b&gt;</translation>
    </message>
    <message>
        <source>tools.deny: never offered, even when a rule would add it</source>
        <translation>tools.deny: ルールで追加される場合でも提示しません</translation>
    </message>
    <message>
        <source>Allowed</source>
        <translation>許可</translation>
    </message>
    <message>
        <source>Ask first</source>
        <translation>先に確認</translation>
    </message>
    <message>
        <source>Never</source>
        <translation>使わない</translation>
    </message>
    <message>
        <source>Tools</source>
        <translation>ツール</translation>
    </message>
    <message>
        <source>“%1” is set to Never; untick Never first to allow it.</source>
        <translation>「%1」は「しない」に設定されています。許可するには先に「しない」のチェックを外してください。</translation>
    </message>
    <message>
        <source>“%1” is set to Never, so it cannot ask you first; untick Never first.</source>
        <translation>「%1」は「しない」に設定されているため、事前に確認できません。先に「しない」のチェックを外してください。</translation>
    </message>
</context>
<context>
    <name>Transcript</name>
    <message>
        <source>The run failed</source>
        <translation>実行は失敗しました</translation>
    </message>
    <message>
        <source>The run stopped after committing part of the work</source>
        <translation>実行は作業の一部をコミットしたところで止まりました</translation>
    </message>
    <message>
        <source>The run was stopped</source>
        <translation>実行は停止されました</translation>
    </message>
    <message>
        <source>Relay Studio closed while this run was in progress; it cannot continue</source>
        <translation>この実行の途中で Relay Studio が終了したため、続行できません</translation>
    </message>
    <message>
        <source>Continued from ← %1</source>
        <extracomment>approved changes the creator may publish from the notice: (path, whose change it was, edited by them)</extracomment>
        <translation>← %1 からの続き</translation>
    </message>
    <message>
        <source>Continued in → %1</source>
        <translation>→ %1 に続く</translation>
    </message>
    <message>
        <source>Handed off to “%1”</source>
        <translation>「%1」に引き継ぎ済み</translation>
    </message>
    <message>
        <source>. Any change it was waiting for you to approve was not applied.</source>
        <translation>。承認待ちだった変更は適用されていません。</translation>
    </message>
    <message>
        <source>Chat → Hand off to a new chat… (or /handoff) tries again.</source>
        <translation>チャット → 新しいチャットに引き継ぐ…(または /handoff)でもう一度試せます。</translation>
    </message>
    <message>
        <source>The handoff to a new chat failed: %1</source>
        <translation>新しいチャットへの引き継ぎに失敗しました: %1</translation>
    </message>
    <message>
        <source>The handoff to a new chat failed.</source>
        <translation>新しいチャットへの引き継ぎに失敗しました。</translation>
    </message>
    <message>
        <source>Relay Studio closed while the handoff document was being written; the chat was not handed off.</source>
        <translation>引き継ぎドキュメントの作成中に Relay Studio が終了したため、チャットは引き継がれていません。</translation>
    </message>
</context>
<context>
    <name>UndoBar</name>
    <message>
        <source>Undo</source>
        <translation>元に戻す</translation>
    </message>
    <message numerus="yes">
        <source>Bring the chat back (for %n seconds)</source>
        <translation>
            <numerusform>チャットを元に戻す（%n 秒間）</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Unpublished</name>
    <message>
        <source>You approved %1&apos;s change to %2 with your edits, then rejected the commit: it was never published, so the chat shows the version before it.</source>
        <translation>%1 による %2 の変更をあなたの編集付きで承認し、その後コミットを却下しました。変更は公開されていないため、チャットにはその前の版が表示されています。</translation>
    </message>
    <message>
        <source>You approved %1&apos;s change to %2, then rejected the commit: it was never published, so the chat shows the version before it.</source>
        <translation>%1 による %2 の変更を承認し、その後コミットを却下しました。変更は公開されていないため、チャットにはその前の版が表示されています。</translation>
    </message>
    <message>
        <source>%1&apos;s change to %2, which you approved, was never committed: the chat shows the version before it.</source>
        <translation>あなたが承認した %1 による %2 の変更はコミットされませんでした。チャットにはその前の版が表示されています。</translation>
    </message>
    <message>
        <source>The agent</source>
        <translation>エージェント</translation>
    </message>
</context>
<context>
    <name>WelcomeCard</name>
    <message>
        <source>&lt;h2&gt;Welcome to Relay Studio&lt;/h2&gt;</source>
        <translation>&lt;h2&gt;Relay Studio へようこそ&lt;/h2&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;You write with several agents that pass the work along: a &lt;b&gt;Writer&lt;/b&gt; drafts and commits, hands off to an &lt;b&gt;Editor&lt;/b&gt;, who revises and hands off to a &lt;b&gt;Finalizer&lt;/b&gt;, which finishes. A &lt;b&gt;Researcher&lt;/b&gt; helps on the side.&lt;/p&gt;</source>
        <translation>&lt;p&gt;作業を順に受け渡す複数のエージェントと一緒に書きます。&lt;b&gt;Writer&lt;/b&gt; が下書きしてコミットし、&lt;b&gt;Editor&lt;/b&gt; に引き継ぎます。Editor は推敲して &lt;b&gt;Finalizer&lt;/b&gt; に引き継ぎ、Finalizer が仕上げます。&lt;b&gt;Researcher&lt;/b&gt; はそばで手伝います。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;The demo relay runs offline on a scripted model, so you can watch a full run — and inspect every step on the timeline — without any account.&lt;/p&gt;</source>
        <translation>&lt;p&gt;デモのリレーはスクリプト化されたモデルでオフラインで動くので、アカウントなしで実行の全体を見て、タイムラインで各ステップを確認できます。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Run the demo relay</source>
        <translation>デモのリレーを実行</translation>
    </message>
</context>
<context>
    <name>WhatItSaw</name>
    <message>
        <source>system prompt</source>
        <translation>システムプロンプト</translation>
    </message>
    <message>
        <source>profile instructions</source>
        <translation>プロファイルの指示</translation>
    </message>
    <message>
        <source>Skills</source>
        <translation>スキル</translation>
    </message>
    <message>
        <source>canon</source>
        <translation>正典</translation>
    </message>
    <message>
        <source>story library</source>
        <translation>ストーリーライブラリ</translation>
    </message>
    <message>
        <source>chat history</source>
        <translation>チャット履歴</translation>
    </message>
    <message>
        <source>earlier stages</source>
        <translation>以前のステージ</translation>
    </message>
    <message>
        <source>input</source>
        <translation>入力</translation>
    </message>
    <message>
        <source>this stage&apos;s work</source>
        <translation>このステージの作業</translation>
    </message>
    <message>
        <source>tool results</source>
        <translation>ツールの結果</translation>
    </message>
    <message>
        <source>knowledge passages</source>
        <translation>ナレッジの抜粋</translation>
    </message>
    <message>
        <source>guidance and reminders</source>
        <translation>指示とリマインダー</translation>
    </message>
    <message>
        <source>tool definitions</source>
        <translation>ツールの定義</translation>
    </message>
    <message>
        <source>introduction</source>
        <translation>導入</translation>
    </message>
    <message>
        <source>section note</source>
        <translation>セクションの注記</translation>
    </message>
    <message>
        <source>left out</source>
        <translation>省略</translation>
    </message>
    <message>
        <source>message</source>
        <translation>メッセージ</translation>
    </message>
    <message>
        <source>your message</source>
        <translation>あなたのメッセージ</translation>
    </message>
    <message>
        <source>the handoff brief</source>
        <translation>引き継ぎメモ</translation>
    </message>
    <message>
        <source>the task</source>
        <translation>タスク</translation>
    </message>
    <message>
        <source>the conversation summary</source>
        <translation>会話の要約</translation>
    </message>
    <message>
        <source>the agent&apos;s earlier turns</source>
        <translation>エージェントの以前のターン</translation>
    </message>
    <message>
        <source>added during the stage</source>
        <translation>ステージ中に追加</translation>
    </message>
    <message>
        <source>introduces the entries below</source>
        <translation>以下の項目を紹介します</translation>
    </message>
    <message>
        <source>the agent&apos;s profile and how its tools end its part</source>
        <translation>エージェントのプロファイルと、ツールで担当分を終える方法</translation>
    </message>
    <message>
        <source>the profile&apos;s standing instructions</source>
        <translation>プロファイルの常設の指示</translation>
    </message>
    <message>
        <source>the Skills this agent may read</source>
        <translation>このエージェントが読めるスキル</translation>
    </message>
    <message>
        <source>the project&apos;s pinned canon facts</source>
        <translation>プロジェクトの固定された正典の事実</translation>
    </message>
    <message>
        <source>what the stage&apos;s input keeps of the conversation</source>
        <translation>ステージの入力に残した会話の部分</translation>
    </message>
    <message>
        <source>what the agent said and called earlier in this stage</source>
        <translation>このステージでエージェントが以前に話し、呼び出した内容</translation>
    </message>
    <message>
        <source>what the agent&apos;s knowledge search returned</source>
        <translation>エージェントのナレッジ検索が返した内容</translation>
    </message>
    <message>
        <source>what the agent&apos;s tool calls returned</source>
        <translation>エージェントのツール呼び出しが返した内容</translation>
    </message>
    <message>
        <source>your guidance, or a reminder to use the tools</source>
        <translation>あなたの指示、またはツールを使うようにというリマインダー</translation>
    </message>
    <message>
        <source>what you asked</source>
        <translation>あなたが頼んだこと</translation>
    </message>
    <message>
        <source>what the previous agent handed on</source>
        <translation>前のエージェントが引き継いだ内容</translation>
    </message>
    <message>
        <source>what the delegating agent asked</source>
        <translation>依頼したエージェントが頼んだこと</translation>
    </message>
    <message>
        <source>the earlier stages, summarised</source>
        <translation>以前のステージの要約</translation>
    </message>
    <message>
        <source>the tools this agent may call</source>
        <translation>このエージェントが呼び出せるツール</translation>
    </message>
    <message>
        <source>always included (its setting)</source>
        <translation>常に含めます（項目の設定）</translation>
    </message>
    <message>
        <source>included (this run is older than the recorded reasons)</source>
        <translation>含めました（この実行は理由の記録より古いものです）</translation>
    </message>
    <message>
        <source>the profile sends no chat history</source>
        <translation>プロファイルはチャット履歴を送りません</translation>
    </message>
    <message>
        <source>“%1” in %2</source>
        <translation>%2 の「%1」</translation>
    </message>
    <message>
        <source>left out: mentioned, but the library&apos;s budget of %1 tokens was used up</source>
        <translation>省略：言及されましたが、ライブラリの予算 %1 トークンを使い切りました</translation>
    </message>
    <message>
        <source>%1 earlier messages left out: %2</source>
        <translation>以前のメッセージ %1 件を省略：%2</translation>
    </message>
    <message>
        <source>the profile sends the last %1 messages</source>
        <translation>プロファイルは直近の %1 件のメッセージを送ります</translation>
    </message>
    <message>
        <source>%1 messages</source>
        <translation>%1 件のメッセージ</translation>
    </message>
    <message>
        <source>%1 tools</source>
        <translation>%1 個のツール</translation>
    </message>
    <message>
        <source>%1, message %2</source>
        <translation>%1、メッセージ %2</translation>
    </message>
    <message>
        <source>as the server counted them</source>
        <translation>サーバーが数えた値</translation>
    </message>
    <message>
        <source>estimated: the server gave no count</source>
        <translation>推定値：サーバーは数を返しませんでした</translation>
    </message>
    <message>
        <source>What %1 saw: %2 input tokens (%3)</source>
        <translation>%1 が見た内容：入力 %2 トークン（%3）</translation>
    </message>
    <message>
        <source>Served by the connection %1 with the model %2</source>
        <translation>接続 %1 のモデル %2 が応答しました</translation>
    </message>
    <message>
        <source>Served by the model %1</source>
        <translation>モデル %1 が応答しました</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>出どころ</translation>
    </message>
    <message>
        <source>Part</source>
        <translation>部分</translation>
    </message>
    <message>
        <source>Tokens</source>
        <translation>トークン</translation>
    </message>
    <message>
        <source>Why it is there</source>
        <translation>含まれる理由</translation>
    </message>
</context>
<context>
    <name>WindowWords</name>
    <message>
        <source>Open Settings → Connections (Ctrl+,) to add it, or pick another connection in the agent&apos;s profile.</source>
        <translation>設定 → 接続 (Ctrl+,) で追加するか、エージェントプロファイルで別の接続を選んでください。</translation>
    </message>
    <message>
        <source>No model is chosen for this agent. Open Settings → Connections (Ctrl+,) to give the connection a default model, or name one in the agent&apos;s profile (Model).</source>
        <translation>このエージェントにはモデルが選ばれていません。設定 → 接続 (Ctrl+,) で接続に既定のモデルを設定するか、エージェントプロファイル（モデル）で指定してください。</translation>
    </message>
    <message>
        <source>Open Settings → Connections (Ctrl+,) to add or change a connection.</source>
        <translation>設定 → 接続 (Ctrl+,) で接続を追加または変更してください。</translation>
    </message>
</context>
<context>
    <name>Wording</name>
    <message>
        <source>See the other agents</source>
        <extracomment>Tool -&gt; (what a writer calls it, what it does). The tooltip adds the profile name and the model&apos;s name.</extracomment>
        <translation>ほかのエージェントを見る</translation>
    </message>
    <message>
        <source>Lists the agents it may hand off or delegate to.</source>
        <translation>引き継ぎや委任ができるエージェントを一覧します。</translation>
    </message>
    <message>
        <source>Hand off the stage</source>
        <translation>ステージを引き継ぐ</translation>
    </message>
    <message>
        <source>Passes the work to the next agent and ends its own stage.</source>
        <translation>作業を次のエージェントに渡し、自分のステージを終えます。</translation>
    </message>
    <message>
        <source>Ask a helper</source>
        <translation>ヘルパーに頼む</translation>
    </message>
    <message>
        <source>Gives a side task to a helper, which reports back.</source>
        <translation>ヘルパーに別の作業を任せ、報告を受けます。</translation>
    </message>
    <message>
        <source>Wait for helpers</source>
        <translation>ヘルパーを待つ</translation>
    </message>
    <message>
        <source>Waits for the helpers&apos; reports.</source>
        <translation>ヘルパーからの報告を待ちます。</translation>
    </message>
    <message>
        <source>List files</source>
        <translation>ファイルを一覧</translation>
    </message>
    <message>
        <source>Lists the files of the workspace folders it can see.</source>
        <translation>見えるワークスペースのフォルダー内のファイルを一覧します。</translation>
    </message>
    <message>
        <source>Search files</source>
        <translation>ファイルを検索</translation>
    </message>
    <message>
        <source>Searches the text of the files it can see.</source>
        <translation>見えるファイルの本文を検索します。</translation>
    </message>
    <message>
        <source>Read a file</source>
        <translation>ファイルを読む</translation>
    </message>
    <message>
        <source>Reads one file.</source>
        <translation>ファイルを 1 つ読みます。</translation>
    </message>
    <message>
        <source>Write a file</source>
        <translation>ファイルを書く</translation>
    </message>
    <message>
        <source>Writes a whole file (every write is kept as a version).</source>
        <translation>ファイル全体を書きます（書き込みはすべてバージョンとして残ります）。</translation>
    </message>
    <message>
        <source>Change part of a file</source>
        <translation>ファイルの一部を変更</translation>
    </message>
    <message>
        <source>Replaces one passage of a file.</source>
        <translation>ファイルの一節を置き換えます。</translation>
    </message>
    <message>
        <source>Post to the chat</source>
        <translation>チャットにコミット</translation>
    </message>
    <message>
        <source>Makes a file the chat&apos;s answer (a commit).</source>
        <translation>ファイルをチャットの回答にします（コミット）。</translation>
    </message>
    <message>
        <source>Finish the run</source>
        <translation>実行を終える</translation>
    </message>
    <message>
        <source>Ends the whole relay; the last post stays the answer.</source>
        <translation>リレー全体を終えます。最後のコミットが回答として残ります。</translation>
    </message>
    <message>
        <source>List story library entries</source>
        <translation>ストーリーライブラリの項目を一覧</translation>
    </message>
    <message>
        <source>Lists the project&apos;s characters, places and lore.</source>
        <translation>プロジェクトの登場人物・場所・設定を一覧します。</translation>
    </message>
    <message>
        <source>Read an entry</source>
        <translation>項目を読む</translation>
    </message>
    <message>
        <source>Reads one story library entry.</source>
        <translation>ストーリーライブラリの項目を 1 つ読みます。</translation>
    </message>
    <message>
        <source>Search the story library</source>
        <translation>ストーリーライブラリを検索</translation>
    </message>
    <message>
        <source>Finds entries by name, alias or text.</source>
        <translation>名前・別名・本文で項目を探します。</translation>
    </message>
    <message>
        <source>Add an entry</source>
        <translation>項目を追加</translation>
    </message>
    <message>
        <source>Proposes a new story library entry (you approve it).</source>
        <translation>ストーリーライブラリに新しい項目を提案します（あなたが承認します）。</translation>
    </message>
    <message>
        <source>Change an entry</source>
        <translation>項目を変更</translation>
    </message>
    <message>
        <source>Proposes a change to an entry (you approve it).</source>
        <translation>項目の変更を提案します（あなたが承認します）。</translation>
    </message>
    <message>
        <source>Read a Skill</source>
        <translation>スキルを読む</translation>
    </message>
    <message>
        <source>Reads the instructions of one of the project&apos;s Skills.</source>
        <translation>プロジェクトのスキルの指示を 1 つ読みます。</translation>
    </message>
    <message>
        <source>Write a Skill</source>
        <translation>スキルを書く</translation>
    </message>
    <message>
        <source>Proposes a new Skill (you approve it).</source>
        <translation>新しいスキルを提案します（あなたが承認します）。</translation>
    </message>
    <message>
        <source>Search the knowledge library</source>
        <translation>ナレッジライブラリを検索</translation>
    </message>
    <message>
        <source>Finds cited passages in the project&apos;s documents.</source>
        <translation>プロジェクトのドキュメントから出典付きの段落を探します。</translation>
    </message>
    <message>
        <source>Have a draft checked</source>
        <translation>下書きをチェックしてもらう</translation>
    </message>
    <message>
        <source>Asks the consistency reviewer to check a draft against the story library.</source>
        <translation>整合性レビュアーに、下書きをストーリーライブラリと照らし合わせてもらいます。</translation>
    </message>
    <message>
        <source>Ask the rules advisor</source>
        <translation>ルールアドバイザーに聞く</translation>
    </message>
    <message>
        <source>Asks the rules advisor, who cites the knowledge library.</source>
        <translation>ナレッジライブラリを引用して答えるルールアドバイザーに尋ねます。</translation>
    </message>
    <message>
        <source>Propose a canon fact</source>
        <translation>正典の事実を提案</translation>
    </message>
    <message>
        <source>Proposes a fact for the project&apos;s canon, quoting the chat or the posted text word for word (it waits for you unless the project accepts proposals at once).</source>
        <translation>チャットまたはコミットされた本文を一字一句引用して、プロジェクトの正典に事実を提案します（プロジェクトが提案をすぐに承認する設定でなければ、あなたの承認を待ちます）。</translation>
    </message>
    <message>
        <source>Working with other agents</source>
        <translation>ほかのエージェントとの連携</translation>
    </message>
    <message>
        <source>Files and the answer</source>
        <translation>ファイルと回答</translation>
    </message>
    <message>
        <source>The story library</source>
        <translation>ストーリーライブラリ</translation>
    </message>
    <message>
        <source>Skills</source>
        <translation>スキル</translation>
    </message>
    <message>
        <source>The knowledge library</source>
        <translation>ナレッジライブラリ</translation>
    </message>
    <message>
        <source>Reviews</source>
        <translation>レビュー</translation>
    </message>
    <message>
        <source>The canon</source>
        <translation>正典</translation>
    </message>
    <message>
        <source>Profile name: %1 · the model sees: %2</source>
        <translation>プロファイル上の名前: %1 · モデルに見える名前: %2</translation>
    </message>
    <message>
        <source>To fix: in Tools, allow “Finish the run” or “Hand off the stage”; or untick this.</source>
        <extracomment>Where to fix a problem that one field shows because of another section&apos;s choice.</extracomment>
        <translation>修正するには：ツールで「実行を終える」か「ステージを引き継ぐ」を許可するか、ここのチェックを外してください。</translation>
    </message>
    <message>
        <source>To fix: tick this, or in Tools untick “Hand off the stage”.</source>
        <translation>修正するには：ここにチェックを入れるか、ツールで「ステージを引き継ぐ」のチェックを外してください。</translation>
    </message>
    <message>
        <source>To fix: tick this, or in Tools untick “Ask a helper”.</source>
        <translation>修正するには：ここにチェックを入れるか、ツールで「ヘルパーに頼む」のチェックを外してください。</translation>
    </message>
    <message>
        <source>To fix: tick “…as the next stage” or “…as a helper” below, or untick this.</source>
        <translation>修正するには：下の「…次のステージとして」か「…ヘルパーとして」にチェックを入れるか、ここのチェックを外してください。</translation>
    </message>
    <message>
        <source>To fix: allow the tool, or untick “Requires approval”.</source>
        <translation>修正するには：ツールを許可するか、「事前に確認」のチェックを外してください。</translation>
    </message>
    <message>
        <source>To fix: tick Visible for that folder, or untick Writable.</source>
        <translation>修正するには：そのフォルダーの「表示」にチェックを入れるか、「書き込み可」のチェックを外してください。</translation>
    </message>
    <message>
        <source>To fix: choose a connection, or “The default connection”.</source>
        <translation>修正するには：接続か「既定の接続」を選んでください。</translation>
    </message>
    <message>
        <source>To fix: pick one of the server&apos;s models, or type its name.</source>
        <translation>修正するには：サーバーのモデルから選ぶか、名前を入力してください。</translation>
    </message>
    <message>
        <source>To fix: in Delegation and handoff, give one target another tool name.</source>
        <translation>修正するには：「委任と引き継ぎ」で、どちらかの引き継ぎ先に別のツール名を付けてください。</translation>
    </message>
    <message>
        <source>This agent can only end its turn by calling a tool (finish, hand off, or report back). With “Never call tools” it cannot: its run would fail after a few answers without a tool (model.tool_call_required).</source>
        <extracomment>Field path -&gt; the section it sits in (for &quot;shown in Identity&quot; notes in the problems bar).</extracomment>
        <translation>このエージェントは、ツールを呼び出すこと（終了・引き継ぎ・報告）でしか手番を終えられません。「ツールを呼ばない」にするとそれができず、ツールなしの回答が数回続いた後に実行が失敗します (model.tool_call_required)。</translation>
    </message>
    <message>
        <source>No other agent takes over from this one yet, so its handoffs would be refused. On the agent that should come next, tick “Other agents may call it” and “…as the next stage”, and let this one call it.</source>
        <translation>まだこのエージェントから引き継ぐエージェントがいないため、引き継ぎは拒否されます。次に来るべきエージェントで「ほかのエージェントから呼び出せる」と「…次のステージとして」にチェックを入れ、このエージェントから呼び出せるようにしてください。</translation>
    </message>
    <message>
        <source>With 0, every handoff of this agent is refused (agent.handoff_depth_exhausted).</source>
        <translation>0 にすると、このエージェントの引き継ぎはすべて拒否されます (agent.handoff_depth_exhausted)。</translation>
    </message>
    <message>
        <source>No other agent takes side tasks from this one yet, so asking a helper would be refused. On the helper, tick “Other agents may call it” and “…as a helper”, and let this one call it.</source>
        <translation>まだこのエージェントから別の作業を受けるエージェントがいないため、ヘルパーへの依頼は拒否されます。ヘルパー側で「ほかのエージェントから呼び出せる」と「…ヘルパーとして」にチェックを入れ、このエージェントから呼び出せるようにしてください。</translation>
    </message>
    <message>
        <source>With “Never”, no agent can hand off to it, although it allows itself as the next stage.</source>
        <translation>「しない」にすると、次のステージとして受け入れる設定でも、どのエージェントも引き継げません。</translation>
    </message>
</context>
<context>
    <name>WorkspaceSection</name>
    <message>
        <source>another folder, e.g. notes</source>
        <translation>別のフォルダー（例: notes）</translation>
    </message>
    <message>
        <source>Another folder</source>
        <translation>別のフォルダー</translation>
    </message>
    <message>
        <source>Add folder</source>
        <translation>フォルダーを追加</translation>
    </message>
    <message>
        <source>Folders</source>
        <translation>フォルダー</translation>
    </message>
    <message>
        <source>Visible</source>
        <translation>表示</translation>
    </message>
    <message>
        <source>Writable</source>
        <translation>書き込み可</translation>
    </message>
    <message>
        <source>&lt;b&gt;Folder&lt;/b&gt;</source>
        <translation>&lt;b&gt;フォルダー&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;Visible&lt;/b&gt;</source>
        <translation>&lt;b&gt;表示&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;Writable&lt;/b&gt;</source>
        <translation>&lt;b&gt;書き込み可&lt;/b&gt;</translation>
    </message>
</context>
<context>
    <name>_EarlyText</name>
    <message>
        <source>Write to your agents…  (it goes to your chat as soon as it opens)</source>
        <extracomment>what the creator types before the real window is ready (its composer takes it over) where key presses go once the real window is there (its composer&apos;s editor)</extracomment>
        <translation>エージェントに書く…（チャットが開くとすぐにそこへ移ります）</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>メッセージ</translation>
    </message>
</context>
</TS>
